import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseFiles, fixtureSite, page, validateFiles } from './content-fixture';

const ROOT = join(import.meta.dirname, '..', '..');

function runValidate(contentDir: string, args: string[] = []) {
  // What `npm run validate` runs.
  return spawnSync(process.execPath, ['scripts/tools/run-bundled.mjs', '--script', 'scripts/tools/validate.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, CONTENT_DIR: contentDir },
    encoding: 'utf8',
  });
}

describe('npm run validate', () => {
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

  it('checks again a document changed since an earlier run, whose check was kept', () => {
    const { dir } = validateFiles(baseFiles());
    expect(runValidate(dir).status).toBe(0);
    // The same file, the same code: only the document's bytes tell the kept check from a new one.
    writeFileSync(join(dir, 'terms.json'), JSON.stringify(page([{ type: 'StatBand', stats: [{ value: 5, label: 'x' }] }])));
    const run = runValidate(dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('pages-json/terms.json: blocks[0] (StatBand) stats[0].value: expected a string, got a number');
  });

  describe('a page on a template, whose check was kept', () => {
    const template = JSON.parse(readFileSync(join(ROOT, 'pages-json', '_templates', 'use-case.json'), 'utf8'));
    const cards = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ title: `Benefit ${i + 1}`, description: `What benefit ${i + 1} does.` }));
    const useCasePage = (benefitCards: number) => ({
      template: 'use-case',
      meta: { title: 'Upsell Campaigns | Reachwell', description: 'AI agents that send personal upsell offers by email, SMS and voice.' },
      useCase: {
        ...{ title: 'Upsell Campaigns', description: 'Agents spot upgrade signals and send a personal offer at the right moment.' },
        ...{ impact: '+35% revenue', timeToValue: '1 week', solution: 'Revenue Growth', industry: 'All Industries' },
        ...{ lifecycle: 'Growth', highlight: true, channels: ['Email'], icon: 'growth' },
      },
      blocks: [
        { slot: 'hero', heading: 'Upsell at the moment customers are ready' },
        { slot: 'benefits', heading: 'Why upsell with agents', cards: cards(benefitCards) },
        { slot: 'capabilities', heading: 'What the agents do', items: ['One', 'Two', 'Three', 'Four', 'Five', 'Six'] },
      ],
    });
    const FILE = 'pages-json/use-cases/upsell-campaigns.json';
    const files = (page: unknown, withTemplate: unknown = template) => ({
      ...baseFiles(),
      '_templates/use-case.json': withTemplate,
      'use-cases/upsell-campaigns.json': page,
    });

    it('is checked again when the page changed', () => {
      const { dir } = validateFiles(files(useCasePage(4)));
      expect(runValidate(dir).status).toBe(0);
      writeFileSync(join(dir, 'use-cases', 'upsell-campaigns.json'), JSON.stringify(useCasePage(3)));
      const run = runValidate(dir);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(
        `${FILE}: blocks[1] (benefits, CardGrid) cards: 3 items, but the use-case template asks for exactly 4 cards`,
      );
    });

    it('is checked again when its template changed', () => {
      const { dir } = validateFiles(files(useCasePage(4)));
      expect(runValidate(dir).status).toBe(0);
      const recounted = structuredClone(template);
      recounted.sections.find((s: { slot: string }) => s.slot === 'benefits').counts.cards = 3;
      writeFileSync(join(dir, '_templates', 'use-case.json'), JSON.stringify(recounted));
      const run = runValidate(dir);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(
        `${FILE}: blocks[1] (benefits, CardGrid) cards: 4 items, but the use-case template asks for exactly 3 cards`,
      );
    });
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

  it('--format github: every language, as the text report; a page not yet translated is a warning, or an error where required', () => {
    const english = { code: 'en', region: 'US', name: 'English', prefix: '', status: 'published' };
    const spanish = { code: 'es', region: 'ES', name: 'Español', prefix: 'es', status: 'published' };
    const withSpanish = (extra: object) =>
      validateFiles({ ...baseFiles(), '_site.json': { ...fixtureSite(), locales: [english, { ...spanish, ...extra }] } }).dir;
    const line = (severity: string, file: string) =>
      `::${severity} file=pages-json/${file},line=1,col=1,title=[es] pages-json/${file}::not yet in Spanish (3 texts), published in English only: npm run i18n:extract -- es`;

    const pending = runValidate(withSpanish({}), ['--format', 'github']);
    expect(pending.status).toBe(0);
    expect(pending.stdout.split('\n')).toContain(line('warning', 'terms.json'));
    const text = runValidate(withSpanish({}));
    expect(text.status).toBe(0);
    expect(text.stderr).toContain(
      'warning: [es] pages-json/terms.json: not yet in Spanish (3 texts), published in English only: npm run i18n:extract -- es',
    );

    const required = runValidate(withSpanish({ require: 'complete' }), ['--format', 'github']);
    expect(required.status).toBe(1);
    expect(required.stdout.split('\n')).toContain(line('error', 'terms.json'));
  });

  it('--json: each text a pending line counts, for tools', () => {
    const english = { code: 'en', region: 'US', name: 'English', prefix: '', status: 'published' };
    const spanish = { code: 'es', region: 'ES', name: 'Español', prefix: 'es', status: 'published' };
    const { dir } = validateFiles({ ...baseFiles(), '_site.json': { ...fixtureSite(), locales: [english, spanish] } });
    const problems = JSON.parse(runValidate(dir, ['--json']).stdout) as { file: string; pending?: { key: string; state: string }[] }[];
    expect(problems.find((p) => p.file === 'pages-json/terms.json')?.pending).toContainEqual(
      expect.objectContaining({ key: 'blocks.Hero.heading', state: 'missing', source: 'Hello' }),
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

  it('runs once, silently, after npm ci (postinstall): the first run finds its code cache made, whatever the content says', () => {
    const postinstall = (contentDir: string) =>
      spawnSync('npm', ['run', '--silent', 'postinstall'], {
        cwd: ROOT,
        env: { ...process.env, CONTENT_DIR: contentDir },
        encoding: 'utf8',
      });
    const broken = validateFiles({ ...baseFiles(), 'terms.json': handWritten });
    const quiet = postinstall(broken.dir);
    expect([quiet.status, quiet.stdout, quiet.stderr]).toEqual([0, '', '']);

    const cache = join(ROOT, 'node_modules', '.cache', 'run-bundled');
    const codeCache = () => {
      const { bundle } = JSON.parse(readFileSync(join(cache, 'scripts--tools--validate.cjs.json'), 'utf8')) as { bundle: string };
      return join(cache, bundle.replace(/\.cjs$/, '.v8'));
    };
    rmSync(codeCache(), { force: true }); // only the code cache: another file's run meanwhile makes it again, as this should
    expect(postinstall(validateFiles(baseFiles()).dir).status).toBe(0);
    expect(existsSync(codeCache())).toBe(true);
  });
});
