/**
 * `npm start` with `DIST_DIR=<releases>/current` and no release yet runs scripts/build/publish.ts with FIRST_RELEASE=1
 * while the hosted editor may be making the first release itself. When the editor's link appears after start.ts
 * looked but before its publish takes the releases' lock (it validates the content first, seconds on a busy machine),
 * the publish must leave it alone: the editor's release is the published branch's, the checkout's may be older.
 * Before, it built a release of the checkout over the editor's (its manifest naming no commit): seen in an operator's
 * walk through docs/editor-server.md, where `current` ended up on npm start's release.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ROOT, tempDir } from '../server/helpers';

test("npm start's first release leaves a release the editor served meanwhile as it is", async () => {
  const releases = join(tempDir('first-release-race'), 'releases');
  const editorRelease = '20260101T000000000Z-edit';
  mkdirSync(join(releases, editorRelease), { recursive: true });
  writeFileSync(join(releases, editorRelease, 'index.html'), 'served by the editor');
  symlinkSync(editorRelease, join(releases, 'current'));

  const child = spawn(process.execPath, ['scripts/tools/run-bundled.mjs', 'scripts/build/publish.ts'], {
    cwd: ROOT,
    // As scripts/tools/start.ts runs it.
    env: { ...process.env, RELEASES_DIR: releases, SITE_LINK: join(releases, 'current'), FIRST_RELEASE: '1' },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const status = await new Promise<number | null>((done) => child.on('close', done));

  expect(status, output).toBe(5);
  expect(output).toContain('serves a release already; nothing to do');
  expect(readlinkSync(join(releases, 'current'))).toBe(editorRelease);
  expect(readFileSync(join(releases, 'current', 'index.html'), 'utf8')).toBe('served by the editor');
  // No release of its own, nothing half made, and the lock given back.
  expect(readdirSync(releases).sort()).toEqual([editorRelease, 'current'].sort());
}, 600_000);
