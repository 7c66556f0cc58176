/**
 * A production install: `npm ci --omit=dev`, then the commands a deployment runs. The project is copied (as
 * tests/build/project-copy.test.ts copies it, node_modules included but none of its caches, no dist/ and no editor
 * bundles), `npm prune --omit=dev` takes the devDependencies away (offline: what `npm ci --omit=dev` installs), and
 * then, from the copy:
 *   - `npm run editor:user -- add` makes an account, `npm run editor` makes its bundles (with Vite) and starts: a
 *     person signs in, opens the hub and a change set's editor, and saves (a commit; the save's diff uses `diff`);
 *   - `npm start` builds the site (dist/ missing) and serves it; again with DIST_REBUILD=never, it serves that build
 *     as it is.
 * Before, `npm run editor` failed there: Vite and `diff` were devDependencies.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test-support/free-port';
import { storySite } from '../../test-support/synthetic-site';

const ROOT = join(import.meta.dirname, '..', '..');
/** What a checkout holds beside its sources: made by commands, never shipped. */
const NOT_COPIED = new Set(['.git', 'dist', 'dist-pseudo', '.prerender', '.editor-build', '.bench', '.screenshots', 'data']);
const PASSWORD = 'a production passphrase';

const work = mkdtempSync(join(tmpdir(), 'production-install-'));
const copy = join(work, 'site');
const running: ChildProcess[] = [];
/**
 * The site the install builds and edits: the small one (the real story page among synthetic pages). The question is
 * whether a production install has what its commands need, not the site's size: with no caches, `npm start` drew the
 * real site's 155 social cards and made its images from nothing, most of this file's time.
 */
const site = storySite(6, join(work, 'small-site'));

/** A person's environment on the server: none of the tests' settings. */
function envFor(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env))
    if (/^(CONTENT_DIR|DIST_|PSEUDO_DIST_DIR|BUNDLE_CACHE|LEADS_|DATABASE_URL|EDITOR_|PORT|HOST|VITEST|NODE_ENV)/.test(name))
      delete env[name];
  return { ...env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false', ...extra };
}

/** A long-running npm command in the copy, in a process group of its own (stopped with everything it started). */
function npmRun(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn('npm', args, { cwd: copy, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
    return exited;
  };
  return { child, output: () => output, exited, stop };
}

/** Polls `url` until it answers 200, failing with the command's output if the command ends first. */
async function answering(url: string, command: ReturnType<typeof npmRun>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (command.child.exitCode !== null) throw new Error(`exited with ${command.child.exitCode}:\n${command.output()}`);
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${command.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const git = (cwd: string, args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Dev',
      GIT_AUTHOR_EMAIL: 'dev@example.com',
      GIT_COMMITTER_NAME: 'Dev',
      GIT_COMMITTER_EMAIL: 'dev@example.com',
    },
  });

beforeAll(() => {
  mkdirSync(copy);
  for (const entry of readdirSync(ROOT))
    if (!NOT_COPIED.has(entry) && entry !== 'pages-json')
      cpSync(join(ROOT, entry), join(copy, entry), { recursive: true, verbatimSymlinks: true });
  cpSync(site, join(copy, 'pages-json'), { recursive: true });
  rmSync(join(copy, 'node_modules', '.cache'), { recursive: true, force: true });
  const pruned = spawnSync('npm', ['prune', '--omit=dev', '--offline', '--ignore-scripts'], { cwd: copy, env: envFor(), encoding: 'utf8' });
  expect(pruned.status, `${pruned.stdout}${pruned.stderr}`).toBe(0);
  // The devDependencies are gone: the test runs what a production install has, not more.
  for (const tool of ['vitest', 'typescript', 'eslint', 'knip', 'prettier', 'playwright-core'])
    expect(existsSync(join(copy, 'node_modules', tool)), tool).toBe(false);
}, 600_000);

afterAll(async () => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

describe('a production install (npm ci --omit=dev)', () => {
  it('npm run editor makes its bundles and starts: a person signs in, opens the hub and an editor, and saves', async () => {
    // The site's repository as a team has it.
    const repo = join(work, 'team-repo');
    mkdirSync(repo);
    git(repo, ['init', '--quiet', '--initial-branch=main']);
    cpSync(site, join(repo, 'pages-json'), { recursive: true });
    cpSync(join(ROOT, 'schemas'), join(repo, 'schemas'), { recursive: true });
    git(repo, ['add', '--all']);
    git(repo, ['commit', '--quiet', '--message', 'The site']);

    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const env = envFor({
      EDITOR_PORT: String(port),
      EDITOR_ORIGIN: origin,
      EDITOR_REPO: repo,
      EDITOR_DATA_DIR: join(work, 'editor-data'),
      LEADS_DB: join(work, 'leads.db'),
    });
    const added = spawnSync(
      'npm',
      ['run', '--silent', 'editor:user', '--', 'add', 'ana@example.com', '--role', 'editor', '--name', 'Ana'],
      {
        cwd: copy,
        env,
        input: `${PASSWORD}\n`,
        encoding: 'utf8',
      },
    );
    expect(added.status, `${added.stdout}${added.stderr}`).toBe(0);

    const editor = npmRun(['run', 'editor'], env);
    await answering(`${origin}/sign-in`, editor, 300_000);
    const signIn = await fetch(`${origin}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'ana@example.com', password: PASSWORD }),
    });
    expect(signIn.status, editor.output()).toBe(200);
    const { csrfToken } = (await signIn.json()) as { csrfToken: string };
    const headers = { cookie: signIn.headers.getSetCookie()[0].split(';')[0], origin, 'x-csrf-token': csrfToken };

    // The hub: its page and the scripts it loads, made by this install's Vite.
    const hub = await fetch(`${origin}/`, { headers: { ...headers, accept: 'text/html' } });
    expect(hub.status).toBe(200);
    const scripts = [...(await hub.text()).matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect((await fetch(new URL(script, origin), { headers })).status, script).toBe(200);

    const created = await fetch(`${origin}/api/changes`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'From production' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const page = await fetch(`${origin}/changes/${id}/edit`, { headers: { ...headers, accept: 'text/html' } });
    expect(page.status).toBe(200);
    const opened = (await (await fetch(`${origin}/changes/${id}/edit/api/document?file=story.json`, { headers })).json()) as {
      text: string;
      hash: string;
    };
    const doc = JSON.parse(opened.text) as { blocks: { heading: string }[] };
    doc.blocks[0].heading = 'Saved by a production install';
    const saved = await fetch(`${origin}/changes/${id}/edit/api/save`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ file: 'story.json', doc, baseHash: opened.hash }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    // A preview, rendered with the draft renderer this install built.
    const preview = await fetch(`${origin}/changes/${id}/compare?route=/story`, { headers: { ...headers, accept: 'text/html' } });
    expect(await preview.text()).toContain('Saved by a production install');

    await editor.stop();
  }, 600_000);

  it('npm start builds the missing dist/ and serves it; with DIST_REBUILD=never it serves that build as it is', async () => {
    const port = await freePort();
    const env = envFor({ PORT: String(port), HOST: '127.0.0.1', LEADS_DB: join(work, 'site-leads.db') });
    const first = npmRun(['start'], env);
    await answering(`http://127.0.0.1:${port}/story`, first, 480_000);
    expect(first.output()).toContain('building the site first');
    await first.stop();

    const second = npmRun(['start'], { ...env, DIST_REBUILD: 'never' });
    await answering(`http://127.0.0.1:${port}/story`, second, 120_000);
    expect(second.output()).not.toContain('building');
    await second.stop();
  }, 600_000);
});
