import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseFiles, page, validateFiles } from './content-fixture';

const ROOT = join(import.meta.dirname, '..', '..');

function runValidate(contentDir: string) {
  return spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/validate.ts'], {
    cwd: ROOT,
    env: { ...process.env, CONTENT_DIR: contentDir },
    encoding: 'utf8',
  });
}

describe('npm run validate', { timeout: 60_000 }, () => {
  it('exits 0 and says so for valid content', () => {
    const { dir } = validateFiles(baseFiles());
    const run = runValidate(dir);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/4 page document\(s\) and the site configuration are valid( \(\d+ warning\(s\)\))?\./);
  });

  it('exits 1 with a worded message and no stack trace for broken content', () => {
    const { dir } = validateFiles({ ...baseFiles(), 'terms.json': page([{ type: 'StatBand', stats: [{ value: 5, label: 'x' }] }]) });
    const run = runValidate(dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('pages-json/terms.json: blocks[0] (StatBand) stats[0].value: expected a string, got a number');
    expect(run.stderr).toContain('1 error(s) in page documents; the build would stop.');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
