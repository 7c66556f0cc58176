/**
 * Browser tests run against dist/ (and the pseudo-locales against dist-pseudo/): built again when either is missing
 * or was built from other pages, code or settings than the working tree's (npm test builds both first anyway; a
 * `npx vitest --project browser` after an edit would otherwise test the site as it was).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { buildState } from '../../src/engine/tooling/build-fingerprint';
import { DIST_DIR } from '../../test-support/browser';

const PSEUDO_DIST_DIR = process.env.PSEUDO_DIST_DIR ?? join(import.meta.dirname, '..', '..', 'dist-pseudo');

export default function setup() {
  if (buildState(DIST_DIR) !== 'current' || buildState(PSEUDO_DIST_DIR) !== 'current') {
    execFileSync('npm', ['run', 'build'], {
      cwd: join(import.meta.dirname, '..', '..'),
      stdio: 'inherit',
      env: { ...process.env, DIST_DIR, PSEUDO_DIST_DIR },
    });
  }
}
