/**
 * `npm run new-page` on a copy of the real content: each template, and a page of its own in a folder,
 * gives a valid page whose TODO placeholders validation names; once they are written, the page is
 * valid with nothing left to replace. Bad input is refused with a clear message and writes nothing.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../src/engine/model/problems';
import { buildErrorsIn, errorsIn, loadContent } from '../../src/engine/load/load-content';

const ROOT = join(import.meta.dirname, '..', '..');

function copyOfContent(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'new-page-')), 'pages-json');
  cpSync(join(ROOT, 'pages-json'), dir, { recursive: true });
  return dir;
}

function newPage(content: string, args: string[]) {
  return spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/tools/new-page.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, CONTENT_DIR: content },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Every file under `dir` with its size and modification time: what "writes nothing" compares. */
function snapshot(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[]).sort().map((file) => {
    const stat = statSync(join(dir, file));
    return `${file} ${stat.size} ${stat.mtimeMs}`;
  });
}

/** What the marketer does next: writes real text (and a link) wherever the scaffold left a TODO. */
function fillPlaceholders(file: string) {
  let n = 0;
  const text = readFileSync(file, 'utf8').replace(/"TODO:[^"\\]*(?:\\.[^"\\]*)*"/g, (todo) => {
    n++;
    if (todo.startsWith('"TODO: Link')) return '"/terms"';
    return JSON.stringify(`Written text ${n}`);
  });
  writeFileSync(file, text);
  return n;
}

const validate = (content: string) => loadContent(content, join(content, '..'));

describe('npm run new-page', () => {
  it.each([
    [
      'the use-case template',
      ['--template', 'use-case', '--slug', 'appointment-reminders', '--title', 'Appointment Reminders'],
      'use-cases/appointment-reminders.json',
      '/use-cases/appointment-reminders',
    ],
    [
      'the comparison template',
      ['--template', 'comparison', '--slug', 'acme-mail', '--title', 'Reachwell vs Acme Mail'],
      'compare/acme-mail.json',
      '/compare/acme-mail',
    ],
    ['a folder', ['--folder', 'channels', '--slug', 'whatsapp', '--title', 'WhatsApp'], 'channels/whatsapp.json', '/channels/whatsapp'],
  ])(
    'on %s writes a valid page whose placeholders validation names, then a publishable one once they are written',
    (_, args, file, route) => {
      const content = copyOfContent();
      const run = newPage(content, args);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toContain(`wrote pages-json/${file}`);
      expect(run.stdout).toContain(
        `Español gets the page (/es${route}) once it is translated; until then its links lead to the English page. Once the English is final, npm run i18n:extract -- es adds its texts to pages-json/_translations/es/${file}`,
      );

      const drafted = validate(content);
      expect(errorsIn(drafted.problems).map(formatProblem)).toEqual([]);
      const todos = drafted.problems.filter((p) => p.stopsBuild);
      expect(todos.length).toBeGreaterThan(3);
      expect(todos.every((p) => p.file === `pages-json/${file}` && p.message.startsWith('placeholder text to replace: "TODO:'))).toBe(true);
      expect(todos.map((p) => p.where)).toContain('meta.description');
      expect(buildErrorsIn(drafted.problems)).toHaveLength(todos.length);

      expect(fillPlaceholders(join(content, file))).toBe(todos.length);
      const written = validate(content);
      expect(buildErrorsIn(written.problems).map(formatProblem)).toEqual([]);
      expect(written.pages.map((p) => p.route)).toContain(route);
    },
  );

  it('never drafts a yes/no, number or choice as text: it sets each one and says so; headings are drafted; no example setting copied', () => {
    const content = copyOfContent();
    const run = newPage(content, ['--template', 'use-case', '--slug', 'appointment-reminders', '--title', 'Appointment Reminders']);
    expect(run.status).toBe(0);
    const page = JSON.parse(readFileSync(join(content, 'use-cases/appointment-reminders.json'), 'utf8'));
    expect(page.useCase).toMatchObject({ industry: 'All Industries', lifecycle: 'Acquisition', channels: ['Email'], highlight: false });
    expect(JSON.stringify(page)).not.toMatch(/TODO: (choose|true or false|a number)/);
    expect(run.stdout).toContain('useCase.industry is set to "All Industries"');
    expect(run.stdout).toContain('useCase.highlight is set to false');
    // Every section the page writes has its heading to write, required or not.
    for (const block of page.blocks) expect(block.heading, block.slot).toMatch(/^TODO: /);
    for (const block of page.blocks)
      for (const setting of ['columns', 'tinted', 'id', 'buttons']) expect(block, block.slot).not.toHaveProperty(setting);
    const drafted = validate(content);
    expect(errorsIn(drafted.problems).map(formatProblem)).toEqual([]);
    expect(drafted.pages.find((p) => p.route === '/use-cases/appointment-reminders')?.doc.blocks[0]).toMatchObject({ type: 'Hero' });
  });

  it('gives a use case already in the library its landing page, moving its record out of the collection', () => {
    const content = copyOfContent();
    const run = newPage(content, ['--template', 'use-case', '--slug', 'fraud-alerts', '--title', 'Fraud Alerts']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('moved the use-cases record "fraud-alerts"');
    const page = JSON.parse(readFileSync(join(content, 'use-cases/fraud-alerts.json'), 'utf8'));
    expect(page.useCase).toMatchObject({ title: 'Fraud Alerts', solution: 'Fraud Prevention' });
    const result = validate(content);
    expect(errorsIn(result.problems).map(formatProblem)).toEqual([]);
    expect(result.collections['use-cases'].filter((item) => item.id === 'fraud-alerts')).toHaveLength(1);
  });

  // What the command does with any refusal, shown with two; the plan's other refusals: tests/unit/new-page-plan.test.ts.
  it.each([
    [
      'an existing route',
      ['--template', 'use-case', '--slug', 'upsell-campaigns', '--title', 'Upsell'],
      /\/use-cases\/upsell-campaigns already exists \(pages-json\/use-cases\/upsell-campaigns\.json\)/,
    ],
    ['missing flags without a terminal to ask in', ['--slug', 'x'], /missing flags\.\nusage: npm run new-page/],
  ])('refuses %s with a clear message and writes nothing', (_, args, message) => {
    const content = copyOfContent();
    const before = snapshot(content);
    const run = newPage(content, args);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toContain('Nothing was written.');
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(snapshot(content)).toEqual(before);
  });
});
