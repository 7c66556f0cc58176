/**
 * A copied or moved project acts on its own files, whatever its caches hold. The project is copied as `cp -a` copies
 * it (node_modules and node_modules/.cache included, times kept), after it has validated and built, so every cache
 * it keeps comes along: the commands' bundles (node_modules/.cache/run-bundled), the validators and their code caches
 * (reachwell-validators), the build's kept bundles (reachwell-bundles) and dist/ with its record of what it was built
 * from. `npm run validate`, `npm run build` and `npm start` in the copy read and write only the copy: the original's
 * files stay as they were. Then the original is moved, and acts on itself where it is now, writing nothing where it
 * was.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storySite } from '../../test-support/synthetic-site';

const ROOT = join(import.meta.dirname, '..', '..');
/** What a checkout holds beside its sources: made by commands, not copied from this checkout. */
const NOT_COPIED = new Set(['.git', 'dist', 'dist-pseudo', '.prerender', '.bench', '.screenshots', 'data']);

const work = mkdtempSync(join(tmpdir(), 'project-copy-'));
const original = join(work, 'original');
const copy = join(work, 'copy');
const moved = join(work, 'moved');

/** The environment of a person in that folder: no overrides of where content, pages or bundles go. */
function envFor() {
  const { CONTENT_DIR: _, DIST_DIR: __, PSEUDO_DIST_DIR: ___, BUNDLE_CACHE: ____, LEADS_DB: _____, ...env } = process.env;
  return { ...env, npm_config_update_notifier: 'false' };
}

function npm(dir: string, ...args: string[]) {
  const result = spawnSync('npm', ['run', '--silent', ...args], { cwd: dir, env: envFor(), encoding: 'utf8', timeout: 170_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function cp(options: string, from: string, to: string) {
  const result = spawnSync('cp', [options, from, to], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`cp ${options} ${from} ${to}: ${result.stderr}`);
}
const cpA = (from: string, to: string) => cp('-a', from, to);

/**
 * This checkout's node_modules in the original: its packages hard-linked (as a worktree's are: nothing writes into a
 * package), what commands write (.cache, .vite and the like) copied. Copying 750 MB of packages, and removing them,
 * was most of this file's time on a busy disk; the copy below, the subject of these tests, is still a whole `cp -a`.
 */
function nodeModulesOf(into: string) {
  cp('-al', join(ROOT, 'node_modules'), into);
  for (const entry of readdirSync(join(ROOT, 'node_modules')))
    if (entry.startsWith('.') && entry !== '.bin') {
      spawnSync('rm', ['-rf', join(into, 'node_modules', entry)]);
      cpA(join(ROOT, 'node_modules', entry), join(into, 'node_modules'));
    }
}

/** Every file under `dir` with its size and modification time: what a command that writes there would change. */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        const { size, mtimeMs } = statSync(path);
        return [relative(dir, path), `${size}:${mtimeMs}`];
      }),
  );
}

/** Sets the heading of the page's first block (its hero) in the page document. */
function setHeading(dir: string, page: string, heading: string) {
  const file = join(dir, 'pages-json', page);
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { blocks: { heading?: string }[] };
  doc.blocks[0].heading = heading;
  writeFileSync(file, JSON.stringify(doc, null, 2));
}

const BROKEN_PAGE = '{"meta":{"title":"x"},"blocks":[{"type":"NoSuchBlock"}]}';

/** `npm start` in `dir` on a free port: resolves with its address once it listens. */
function start(dir: string): Promise<{ server: ChildProcess; address: string; output: () => string }> {
  const server = spawn(process.execPath, ['scripts/tools/run-bundled.mjs', 'scripts/tools/start.ts'], {
    cwd: dir,
    env: { ...envFor(), PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  return new Promise((resolve, reject) => {
    server.on('message', (message: { listening?: string }) => {
      if (message.listening) resolve({ server, address: message.listening, output: () => output });
    });
    server.on('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
}

let before: Record<string, string>;

beforeAll(() => {
  spawnSync('mkdir', [original]);
  for (const entry of readdirSync(ROOT))
    if (!NOT_COPIED.has(entry) && entry !== 'pages-json' && entry !== 'node_modules') cpA(join(ROOT, entry), original);
  nodeModulesOf(original);
  // Its content: the small site (the real story page and terms among synthetic pages), not the real one. Which files
  // the commands read and write is the question, not the site's size: the real site's three builds here (160 pages in
  // 5 languages each) were most of this file's time.
  cpA(storySite(6, join(work, 'small-site'), ['terms.json']), original);
  // The original has validated and built: its caches and dist/ are full.
  const validated = npm(original, 'validate');
  expect(validated.status, validated.output).toBe(0);
  const built = npm(original, 'build');
  expect(built.status, built.output).toBe(0);
  cpA(original, copy);
  before = snapshot(original);
}, 600_000);

// A whole project copy (node_modules and caches included) and the original to remove: a minute on a busy machine.
afterAll(() => {
  spawnSync('rm', ['-rf', work]);
}, 600_000);

describe('a copy of the project, made with cp -a after the original built', () => {
  it('npm run validate checks the copy: a page broken in the copy fails, naming the copy’s file', () => {
    writeFileSync(join(copy, 'pages-json', 'broken-page.json'), BROKEN_PAGE);
    const validated = npm(copy, 'validate');
    expect(validated.status, validated.output).toBe(1);
    expect(validated.output).toContain('pages-json/broken-page.json: blocks[0] (NoSuchBlock) type: unknown block type "NoSuchBlock"');
    spawnSync('rm', [join(copy, 'pages-json', 'broken-page.json')]);
  });

  it('npm run build builds the copy’s pages into the copy’s dist/', () => {
    setHeading(copy, 'story.json', 'A heading only the copy has');
    const built = npm(copy, 'build');
    expect(built.status, built.output).toBe(0);
    expect(built.output).toContain(`into ${join(copy, 'dist')}`);
    expect(readFileSync(join(copy, 'dist', 'story', 'index.html'), 'utf8')).toContain('A heading only the copy has');
  });

  it('npm start rebuilds the copy’s changed page and serves the copy’s dist/', async () => {
    setHeading(copy, 'terms.json', 'Terms as the copy has them');
    const { server, address, output } = await start(copy);
    try {
      const html = await (await fetch(`${address}/terms`)).text();
      expect(html, output()).toContain('Terms as the copy has them');
      expect(await (await fetch(`${address}/story`)).text()).toContain('A heading only the copy has');
    } finally {
      const exited = new Promise((resolve) => server.on('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    expect(existsSync(join(copy, 'data', 'leads.db'))).toBe(true); // its lead database is its own too
  });

  it('wrote nothing into the original', () => {
    expect(snapshot(original)).toEqual(before);
  });
});

describe('the original, moved after it built', () => {
  beforeAll(() => renameSync(original, moved));

  it('npm run validate checks the moved folder, not the place it was built in', () => {
    writeFileSync(join(moved, 'pages-json', 'broken-page.json'), BROKEN_PAGE);
    const validated = npm(moved, 'validate');
    expect(validated.status, validated.output).toBe(1);
    expect(validated.output).toContain('pages-json/broken-page.json: blocks[0] (NoSuchBlock)');
    spawnSync('rm', [join(moved, 'pages-json', 'broken-page.json')]);
  });

  it('npm run build writes the moved folder’s dist/, and nothing where it was', () => {
    setHeading(moved, 'story.json', 'The moved original’s heading');
    const built = npm(moved, 'build');
    expect(built.status, built.output).toBe(0);
    expect(readFileSync(join(moved, 'dist', 'story', 'index.html'), 'utf8')).toContain('The moved original’s heading');
    expect(readFileSync(join(copy, 'dist', 'story', 'index.html'), 'utf8')).toContain('A heading only the copy has');
    expect(existsSync(original)).toBe(false);
  });
});
