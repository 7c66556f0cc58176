/**
 * `npm start`: builds dist/ when it is missing or older than the working tree, then starts the lead server
 * (server/start.ts) in this same process, so a signal sent to npm reaches the server. A failed build prints
 * its own errors and why nothing is served, and exits 1. DIST_REBUILD=never serves DIST_DIR as it is (a
 * deployment that ships a prebuilt dist/ without the sources), and so is a DIST_DIR that is a link: a release that
 * publishing made and swaps (scripts/build/publish.ts), which a build here must never replace with a folder.
 */
import { spawnSync } from 'node:child_process';
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { buildState } from '../../src/engine/tooling/build-fingerprint';
import { ROOT_DIR } from '../../src/engine/load/content-env';

const distDir = process.env.DIST_DIR || join(ROOT_DIR, 'dist');
const isLink = (path: string) => {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
};
const state = process.env.DIST_REBUILD === 'never' || isLink(distDir) ? 'current' : buildState(distDir);
if (state !== 'current') {
  console.log(
    state === 'missing'
      ? `No build in ${distDir} yet: building the site first`
      : `Pages, schemas or code changed since the last build: rebuilding ${distDir}`,
  );
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT_DIR, stdio: 'inherit', env: { ...process.env, DIST_DIR: distDir } });
  if (build.error || build.status !== 0) {
    // The build printed what is wrong (file, block, field, hint); say why nothing is served, never serve a stale build.
    const why = build.error
      ? `could not run (${build.error.message})`
      : build.signal
        ? `was stopped by ${build.signal}`
        : `failed (exit ${build.status})`;
    console.error(
      `\nnpm start: the build ${why}; not serving ${distDir}. Fix what it reports and start again ` +
        '(DIST_REBUILD=never serves the existing build as it is).',
    );
    process.exit(1);
  }
}

await import('../../server/start');
