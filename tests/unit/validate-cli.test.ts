import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseFiles, fixtureSite, page, validateFiles } from './content-fixture';

const ROOT = join(import.meta.dirname, '..', '..');

function runValidate(contentDir: string, args: string[] = []) {
  // What `npm run validate` runs.
  return spawnSync(process.execPath, ['scripts/run-bundled.mjs', '--script', 'scripts/validate.ts', ...args], {
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

  /** A page written by hand, so the offending value has a known line and column. */
  const handWritten = [
    '{',
    '  "meta": { "title": "Terms | Reachwell", "description": "The terms that apply when you use Reachwell and its AI agents." },',
    '  "blocks": [',
    '    { "type": "Hero", "heading": "Terms" },',
    '    {',
    '      "type": "StatBand",',
    '      "stats": [{ "value": 5, "label": "x" }]',
    '    }',
    '  ]',
    '}',
  ].join('\n');

  it('--format github: one annotation per problem, at the line and column of the offending value', () => {
    const { dir } = validateFiles({ ...baseFiles(), 'terms.json': handWritten });
    const run = runValidate(dir, ['--format', 'github']);
    expect(run.status).toBe(1);
    expect(run.stdout.split('\n')).toContain(
      '::error file=pages-json/terms.json,line=7,col=19,title=blocks[1] (StatBand) stats[0].value::expected a string, got a number%0Ahint: put it in quotes: "5"',
    );
  });

  it('--format github: every language, as the text report (a missing Spanish translation is an error there too)', () => {
    const spanish = { code: 'es', region: 'ES', name: 'Español', prefix: 'es', status: 'complete' };
    const site = { ...fixtureSite(), locales: [{ code: 'en', region: 'US', name: 'English', prefix: '', status: 'complete' }, spanish] };
    const { dir } = validateFiles({ ...baseFiles(), '_site.json': site });
    const github = runValidate(dir, ['--format', 'github']);
    expect(github.status).toBe(1);
    expect(github.stdout.split('\n')).toContain(
      '::error file=pages-json/_translations/es/terms.json,line=1,col=1,title=[es] blocks.Hero.heading::missing translation of "Hello"%0Ahint: translate it in pages-json/_translations/es/terms.json (npm run i18n:extract -- es adds the key)',
    );
    expect(runValidate(dir).stderr).toContain(
      '[es] pages-json/_translations/es/terms.json: blocks.Hero.heading: missing translation of "Hello"',
    );
  });

  it('--json: the problems with their JSON pointer, line and column', () => {
    const { dir } = validateFiles({ ...baseFiles(), 'terms.json': handWritten });
    const run = runValidate(dir, ['--json']);
    expect(run.status).toBe(1);
    const problems = JSON.parse(run.stdout) as { file: string; pointer: string; line: number; column: number; severity: string }[];
    expect(problems.filter((p) => p.severity === 'error')).toEqual([
      expect.objectContaining({ file: 'pages-json/terms.json', pointer: '/blocks/1/stats/0/value', line: 7, column: 19 }),
    ]);
  });
});
