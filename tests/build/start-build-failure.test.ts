/**
 * `npm start` when the build it runs first fails (here: a page still has TODO text): the build's own worded
 * error and one line saying why nothing is served, exit 1, no stack trace, and no stale or partial site served.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { baseFiles, hero, page, validateFiles } from '../unit/content-fixture';

const ROOT = join(import.meta.dirname, '..', '..');

it('npm start: a failed build prints its own error and why nothing is served, then exits 1', () => {
  const files = baseFiles();
  files['terms.json'] = page([{ ...hero, heading: 'TODO: write the heading' }]);
  const { dir } = validateFiles(files);
  const work = mkdtempSync(join(tmpdir(), 'start-failed-build-'));
  const dist = join(work, 'dist');

  const started = spawnSync(process.execPath, ['scripts/tools/run-bundled.mjs', 'scripts/tools/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, CONTENT_DIR: dir, DIST_DIR: dist, LEADS_DB: join(work, 'leads.db'), PORT: '0', HOST: '127.0.0.1' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  const output = started.stdout + started.stderr;

  expect(started.status, output).toBe(1);
  expect(output).toContain('pages-json/terms.json: blocks[0] (Hero) heading: placeholder text to replace: "TODO: write the heading"');
  expect(output).toContain('nothing was built');
  expect(output).toMatch(/npm start: the build failed \(exit 1\); not serving .*dist/);
  expect(output).not.toMatch(/^\s+at /m);
  expect(output).not.toContain('execFileSync');
  expect(existsSync(join(dist, 'index.html'))).toBe(false);
  expect(existsSync(join(work, 'leads.db'))).toBe(false);
});
