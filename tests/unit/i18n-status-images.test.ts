/**
 * `npm run i18n:status` names images whose alt text is not in a language yet (issue 51 item 2): an image with no
 * Spanish alt text is pending ("to translate"), one whose English changed since is out of date ("to update").
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

it('lists an image without Spanish alt text as to translate, and one whose English changed as to update', () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'i18n-status-images-')), 'pages-json');
  cpSync(join(ROOT, 'pages-json'), dir, { recursive: true });
  rmSync(join(dir, '_translations/es/_media/home-hero.json'));
  const story = join(dir, '_media/story-hero.json');
  writeFileSync(story, JSON.stringify({ ...JSON.parse(readFileSync(story, 'utf8')), alt: 'The founders at a whiteboard' }, null, 2));

  const run = spawnSync(process.execPath, ['scripts/tools/run-bundled.mjs', '--script', 'scripts/tools/i18n-status.ts', 'es'], {
    cwd: ROOT,
    env: { ...process.env, CONTENT_DIR: dir },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toContain(
    [
      '  Images whose words are not yet in Spanish (the English is used):',
      '    home-hero  alt text to translate',
      '    story-hero  alt text to update',
    ].join('\n'),
  );
  expect(run.stdout).not.toContain('_media/home-hero.json: 1 text');
});
