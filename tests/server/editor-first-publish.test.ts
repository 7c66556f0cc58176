/**
 * The first publish live as docs/editor-server.md says to run things, on a fresh data folder, whatever starts first:
 * the public server (`DIST_DIR=<releases>/current npm start`, a real child process) and the hosted editor
 * (EDITOR_RELEASES_DIR=<releases>). Then a publish, and the public server serves the new page. Also: a public server
 * started on a folder at `current` (what `npm start` built before there was a release) keeps answering whole pages
 * while the editor takes the folder over; and a serve that fails is answered as not served, with why, and "Serve
 * again" (POST /api/site/serve) serves once the cause is put right.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { CHEAP_PASSWORDS } from '../../test-support/cheap-passwords';
import { editorClient, PEOPLE, prepareEditorHost, smallSite, type PreparedHost } from '../../test-support/editor-host';
import { startEditor, type StartedEditor } from '../../src/editor/host/start';
import { cleanEnv, ROOT, spawnListening } from './helpers';

const LONG = 600_000;

/**
 * A host on the small site (the real story page among synthetic ones), its passwords hashed cheaply: these tests are
 * about which release is served when, not the site's size, and each publish and first release builds the whole site
 * (the real one's 155 social cards took 46 s to draw on a fresh clone). The public server's builds (`npm start`, the
 * folder it used to leave) are of the same content: the site repository's, as on the server the docs describe.
 */
const prepareHost = (prefix: string) => prepareEditorHost(prefix, { releases: true, content: smallSite(), passwordCost: CHEAP_PASSWORDS });
const siteContent = (host: PreparedHost) => join(host.checkout, 'pages-json');

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Polls `check` until it returns something truthy (a state, never a sleep for its own sake). */
async function waitFor<T>(what: string, check: () => T | Promise<T>, timeoutMs = 300_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** `DIST_DIR=<releases>/current npm start`, as the docs say (scripts/tools/start.ts in a child process). */
async function npmStart(host: PreparedHost, extraEnv: Record<string, string> = {}): Promise<{ url: string; output: () => string }> {
  const { child, exited, listening, output } = spawnListening('scripts/tools/start.ts', {
    LEADS_DB: join(host.root, 'public-leads.db'),
    DIST_DIR: join(host.releasesDir, 'current'),
    CONTENT_DIR: siteContent(host),
    VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
    ...extraEnv,
  });
  cleanups.push(() => {
    child.kill('SIGTERM');
    return exited.then(() => undefined);
  });
  return { url: await listening, output };
}

async function startEditorOn(host: PreparedHost): Promise<StartedEditor> {
  const editor = await startEditor(host.env, { logger: false, passwordCost: host.passwordCost });
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= editor.close());
  cleanups.push(close);
  return { ...editor, close };
}

/** The commit the release `<releases>/current` links to records. */
const servedCommit = (releases: string): unknown => {
  const release = join(releases, readlinkSync(join(releases, 'current')));
  return (JSON.parse(readFileSync(`${release}.release.json`, 'utf8')) as { commit?: string }).commit;
};

type Doc = { meta: { description: string; structuredData?: string[] }; blocks: { heading: string }[] };

/** A change set that changes `file` (the story page's heading unless told), saved, submitted, approved, published. */
async function publishChange(
  editor: StartedEditor,
  title: string,
  file = 'story.json',
  change: (doc: Doc) => unknown = (doc) => (doc.blocks[0].heading = title),
) {
  const { signIn, call } = editorClient(editor.url);
  const ana = await signIn(PEOPLE.editor.email);
  const rita = await signIn(PEOPLE.reviewer.email);
  const id = (await call('POST', '/api/changes', { session: ana, body: { title } })).json.id as string;
  const base = `/changes/${id}/edit/api`;
  const opened = await call('GET', `${base}/document?file=${file}`, { session: ana });
  const doc = JSON.parse(opened.json.text as string) as Doc;
  change(doc);
  const saved = await call('POST', `${base}/save`, { session: ana, body: { file, doc, baseHash: opened.json.hash } });
  expect(saved.json.outcome).toBe('saved');
  expect((await call('POST', `/api/changes/${id}/submit`, { session: ana })).status).toBe(200);
  expect((await call('POST', `/api/changes/${id}/approve`, { session: rita })).status).toBe(200);
  return (await call('POST', `/api/changes/${id}/publish`, { session: rita })).json;
}

const isLink = (path: string) => existsSync(path) && lstatSync(path).isSymbolicLink();
const page = async (url: string) => {
  const answer = await fetch(`${url}/story`);
  return { status: answer.status, text: await answer.text() };
};

describe('the first publish is live whatever starts first', () => {
  test(
    'npm start first (DIST_DIR=<releases>/current, nothing published yet), then the editor: current is a link, the publish is served',
    async () => {
      const host = await prepareHost('first-publish-npm-start');
      const current = join(host.releasesDir, 'current');
      const site = await npmStart(host);
      expect(isLink(current), `current is a link to a release, not a folder:\n${site.output()}`).toBe(true);

      const editor = await startEditorOn(host);
      const published = await publishChange(editor, 'Live from the first publish');
      expect(published, JSON.stringify(published)).toMatchObject({ outcome: 'published', served: true, serve: { state: 'done' } });
      expect(isLink(current)).toBe(true);
      expect((await page(site.url)).text).toContain('Live from the first publish');
    },
    LONG,
  );

  test(
    'the editor first (it makes the first release from the published branch), then npm start: the publish is served',
    async () => {
      const host = await prepareHost('first-publish-editor');
      const current = join(host.releasesDir, 'current');
      const editor = await startEditorOn(host);
      await waitFor('the editor’s first release', () => isLink(current));
      const site = await npmStart(host);
      expect((await page(site.url)).status).toBe(200);

      const published = await publishChange(editor, 'Editor first, then the site');
      expect(published, JSON.stringify(published)).toMatchObject({ outcome: 'published', served: true });
      expect((await page(site.url)).text).toContain('Editor first, then the site');
      // The release served records its commit: the editor serves again at start only when it is not the published one.
      const { call, signIn } = editorClient(editor.url);
      const answer = (await call('GET', '/api/site', { session: await signIn(PEOPLE.translator.email) })).json;
      expect(answer).toMatchObject({ servesSite: true, served: { ok: true, commit: published.commit }, mayServe: false });

      // A crash during a build left the release before served: at its next start the editor serves the published branch.
      await editor.close();
      const older = readdirSync(host.releasesDir)
        .filter((name) => existsSync(join(host.releasesDir, `${name}.release.json`)))
        .find((name) => name !== readlinkSync(current));
      expect(older).toBeDefined();
      symlinkSync(older!, `${current}.crash`);
      renameSync(`${current}.crash`, current);
      expect((await page(site.url)).text).not.toContain('Editor first, then the site');
      await startEditorOn(host);
      await waitFor('the published branch served again', () => servedCommit(host.releasesDir) === published.commit);
      expect((await page(site.url)).text).toContain('Editor first, then the site');
    },
    LONG,
  );

  test(
    'a folder npm start built at current before (as it did) is taken over while the public server answers every request whole',
    async () => {
      const host = await prepareHost('first-publish-folder');
      const current = join(host.releasesDir, 'current');
      // What `npm start` used to leave: the site built as a folder at <releases>/current, served as a folder.
      const build = spawnSync(process.execPath, ['scripts/tools/run-bundled.mjs', 'scripts/build/build.ts'], {
        cwd: ROOT,
        env: { ...cleanEnv(), DIST_DIR: current, CONTENT_DIR: siteContent(host), VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
        encoding: 'utf8',
      });
      expect(build.status, build.stderr).toBe(0);
      const site = await npmStart(host, { DIST_REBUILD: 'never' });
      expect(isLink(current)).toBe(false);

      // Requests all along the takeover: each a whole page, never a 404 or an error.
      let asking = true;
      const answers: number[] = [];
      const asker = (async () => {
        while (asking) {
          const answer = await page(site.url);
          answers.push(answer.text.includes('</html>') ? answer.status : -answer.status);
        }
      })();
      const editor = await startEditorOn(host);
      await waitFor('the folder taken over', () => isLink(current));
      // The home page's description in its JSON-LD (the real home page's SoftwareApplication, which the small site's
      // home has not): the new release has an inline script hash the folder had not.
      const description =
        'Reachwell AI agents email, text and call your customers with relevant, compliant messages, and answer replies in time.';
      const published = await publishChange(editor, 'Home description', 'index.json', (doc) => {
        doc.meta.description = description;
        doc.meta.structuredData = ['SoftwareApplication'];
      });
      asking = false;
      await asker;
      expect(published, JSON.stringify(published)).toMatchObject({ outcome: 'published', served: true });
      expect(answers.length).toBeGreaterThan(10);
      expect(answers.filter((status) => status !== 200)).toEqual([]);
      // Served from the new release with its own CSP: the server follows the link now, not the folder it started on.
      const home = await fetch(`${site.url}/`);
      expect(await home.text()).toContain(description);
      const { scripts } = JSON.parse(readFileSync(join(current, 'csp-hashes.json'), 'utf8')) as { scripts: string[] };
      const csp = home.headers.get('content-security-policy') ?? '';
      expect(scripts.filter((hash) => !csp.includes(hash))).toEqual([]);
    },
    LONG,
  );
});

describe('a publish the site on this server could not serve', () => {
  test(
    'is answered not served, with why; Serve again serves it once the cause is put right; only publishers may ask, from the editor',
    async () => {
      const host = await prepareHost('first-publish-failed');
      // The releases folder cannot be made: a file is in its place.
      writeFileSync(host.releasesDir, 'not a folder');
      const editor = await startEditorOn(host);
      const { call, signIn } = editorClient(editor.url);
      const rita = await signIn(PEOPLE.reviewer.email);
      await waitFor('the start’s serve to fail', async () => (await call('GET', '/api/site', { session: rita })).json.served);

      const published = await publishChange(editor, 'Served only the second time');
      expect(published, JSON.stringify(published)).toMatchObject({
        outcome: 'published',
        summary: expect.stringMatching(/^Published as [0-9a-f]{8}\.$/),
        served: false,
        serve: { state: 'failed', message: expect.stringContaining(host.releasesDir) },
      });
      const kept = (await call('GET', '/api/site', { session: rita })).json;
      expect(kept).toMatchObject({
        servesSite: true,
        published: published.commit,
        served: { ok: false, commit: published.commit },
        mayServe: true,
      });

      // Who may serve again: nobody without a session, not an editor or a translator, not from another origin.
      expect((await call('POST', '/api/site/serve', { body: {} })).status).toBe(401);
      for (const who of ['editor', 'translator'] as const) {
        expect((await call('POST', '/api/site/serve', { session: await signIn(PEOPLE[who].email), body: {} })).status, who).toBe(403);
      }
      expect((await call('POST', '/api/site/serve', { session: rita, body: {}, origin: 'https://evil.example' })).status).toBe(403);
      expect((await call('POST', '/api/site/serve', { session: rita, body: {}, csrf: false })).status).toBe(403);

      rmSync(host.releasesDir);
      const again = await call('POST', '/api/site/serve', { session: rita, body: {} });
      expect(again.status, JSON.stringify(again.json)).toBe(200);
      expect(again.json).toMatchObject({ served: { ok: true, commit: published.commit } });
      expect(readFileSync(join(host.releasesDir, 'current', 'story', 'index.html'), 'utf8')).toContain('Served only the second time');
    },
    LONG,
  );
});
