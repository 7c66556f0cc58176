/**
 * The hosted editor's bounded resources, over HTTP against real git: at most EDITOR_OPEN_WORKSPACES change sets open,
 * the least recently used closed first; one unused for EDITOR_WORKSPACE_IDLE_MINUTES closed (the server's clock moved
 * by the test, or a short idle time and no request at all); a closed one reopens on its next request with its
 * content, and an editor tab open on it saves as before; a published change set's worktree retired (its branch
 * kept), its pages still shown, made again when opened and retired again when closed, and not made again by a
 * restart; an editor left alone closes every workspace, forgets the published content and stops its content workers.
 */
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { startEditor } from '../../src/editor/host/start';
import { editorClient, type EditorHost, type EditorSession, PEOPLE, smallSite, startEditorHost } from '../../test-support/editor-host';

const LIMIT = 3;
const IDLE_MINUTES = 10;

let host: EditorHost;
let client: ReturnType<typeof editorClient>;
const sessions: Partial<Record<keyof typeof PEOPLE, EditorSession>> = {};
const as = (who: keyof typeof PEOPLE) => sessions[who]!;

beforeAll(async () => {
  host = await startEditorHost('editor-pool', {
    releases: false,
    content: smallSite(),
    env: { EDITOR_OPEN_WORKSPACES: String(LIMIT), EDITOR_WORKSPACE_IDLE_MINUTES: String(IDLE_MINUTES) },
  });
  client = editorClient(host.editor.url);
  for (const who of Object.keys(PEOPLE) as (keyof typeof PEOPLE)[]) sessions[who] = await client.signIn(PEOPLE[who].email);
});

afterAll(() => host?.stop());

const open = () => host.editor.openChangeSets();

async function newChangeSet(title: string): Promise<string> {
  const answer = await client.call('POST', '/api/changes', { session: as('editor'), body: { title } });
  expect(answer.status).toBe(201);
  return answer.json.id as string;
}

/** Reads a change set's page, as its page in the app does (served from the review cache when its content was seen). */
async function readPage(id: string, who: keyof typeof PEOPLE = 'editor') {
  const answer = await client.call('GET', `/api/changes/${id}`, { session: as(who) });
  expect(answer.status, answer.text).toBe(200);
  return answer.json;
}

async function openDocument(id: string, file = 'story.json') {
  const opened = await client.call('GET', `/changes/${id}/edit/api/document?file=${file}`, { session: as('editor') });
  expect(opened.status, opened.text).toBe(200);
  return { doc: JSON.parse(opened.json.text as string) as { blocks: { heading: string }[] }, hash: opened.json.hash as string };
}

const saveDocument = (id: string, doc: unknown, baseHash: string) =>
  client.call('POST', `/changes/${id}/edit/api/save`, { session: as('editor'), body: { file: 'story.json', doc, baseHash } });

const worktreeOf = (id: string) => join(host.dataDir, 'worktrees', id);
const gitDir = () => join(host.dataDir, 'repo.git');

describe('a pool of workspaces', () => {
  test('opening more change sets than the limit keeps at most the limit open, the least recently used closed first', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= LIMIT + 3; i++) ids.push(await newChangeSet(`Pool ${i}`));
    for (const id of ids) {
      await openDocument(id);
      expect(open().length).toBeLessThanOrEqual(LIMIT);
    }
    expect(open()).toEqual(ids.slice(-LIMIT));
    // Used again, the oldest of the open ones is the newest: the next one opened closes the one after it.
    await openDocument(ids[LIMIT]);
    await openDocument(ids[0]);
    expect(open()).toEqual([ids[LIMIT + 2], ids[LIMIT], ids[0]]);
  });

  test('a closed workspace reopens on the next request with its content, and a tab open on it saves as before', async () => {
    const id = await newChangeSet('Evicted and back');
    const first = await openDocument(id);
    first.doc.blocks[0].heading = 'Saved before it closed';
    const saved = await saveDocument(id, first.doc, first.hash);
    expect(saved.json.outcome, saved.text).toBe('saved');
    // The tab goes on typing (its draft is the tab's), while others open enough change sets to close this one.
    first.doc.blocks[0].heading = 'Typed while it was closed';
    const draft = await client.call('POST', `/changes/${id}/edit/api/draft`, {
      session: as('editor'),
      body: { file: 'story.json', doc: first.doc },
    });
    expect(draft.status).toBe(200);
    for (let i = 1; i <= LIMIT; i++) await openDocument(await newChangeSet(`Crowding ${i}`));
    expect(open()).not.toContain(id);

    // Its next request opens it again, with what was saved.
    const again = await openDocument(id);
    expect(again.doc.blocks[0].heading).toBe('Saved before it closed');
    expect(open()).toContain(id);
    // The tab's unsaved text, saved on the hash it had: nothing typed is lost.
    const later = await saveDocument(id, first.doc, saved.json.hash as string);
    expect(later.json.outcome, later.text).toBe('saved');
    expect((await openDocument(id)).doc.blocks[0].heading).toBe('Typed while it was closed');
  });

  test('a workspace unused for the idle time is closed (the server’s clock moved)', async () => {
    const idle = await newChangeSet('Left idle');
    await openDocument(idle);
    expect(open()).toContain(idle);
    host.advance((IDLE_MINUTES + 1) * 60_000);
    const busy = await newChangeSet('In use');
    await openDocument(busy);
    expect(open()).toEqual([busy]);
  });

  test('a tab closed mid-save while its change set opened: the workspace is not held for ever, it closes when idle', async () => {
    const id = await newChangeSet('Left mid-save');
    // Part of a save's body, then the connection closed, before the change set's workspace has opened.
    const { hostname, port } = new URL(host.editor.url);
    const socket = connect(Number(port), hostname);
    await once(socket, 'connect');
    const body = JSON.stringify({ file: 'story.json', doc: {}, baseHash: 'x' });
    const head = [
      `POST /changes/${id}/edit/api/save HTTP/1.1`,
      `Host: ${hostname}:${port}`,
      `Origin: ${host.editor.url}`,
      `Cookie: ${as('editor').cookie}`,
      `X-CSRF-Token: ${as('editor').csrf}`,
      'Content-Type: application/json',
      `Content-Length: ${body.length}`,
    ];
    await new Promise<void>((resolve) => socket.write(`${head.join('\r\n')}\r\n\r\n${body.slice(0, 10)}`, () => resolve()));
    socket.destroy();
    // Another tab's read waits for the same opening, after which the closed tab's request is dropped at once.
    await openDocument(id);
    host.advance((IDLE_MINUTES + 1) * 60_000);
    const busy = await newChangeSet('Used after');
    await openDocument(busy);
    expect(open()).toEqual([busy]);
  });

  test('a version of history unused for the idle time is dropped (its extracted files gone)', async () => {
    const id = await newChangeSet('A version to look at');
    const { doc, hash } = await openDocument(id);
    doc.blocks[0].heading = 'Another version';
    expect((await saveDocument(id, doc, hash)).json.outcome).toBe('saved');
    const [first, second] = ['main', `changes/${id}`].map((ref) => host.git(host.root, ['--git-dir', gitDir(), 'rev-parse', ref]).trim());
    const version = (sha: string) => client.call('GET', `/history/version?sha=${sha}&route=/story`, { session: as('reviewer') });
    expect((await version(first)).status).toBe(200);
    expect(existsSync(join(host.dataDir, 'versions', first))).toBe(true);
    host.advance((IDLE_MINUTES + 1) * 60_000);
    const later = await version(second);
    expect(later.text).toContain('Another version');
    await vi.waitFor(() => expect(existsSync(join(host.dataDir, 'versions', first))).toBe(false), { timeout: 20_000, interval: 50 });
    expect(existsSync(join(host.dataDir, 'versions', second))).toBe(true);
  });
});

describe('retired worktrees', () => {
  test('a published change set’s worktree is gone from disk, its branch kept, and its pages still render', async () => {
    const id = await newChangeSet('Published and retired');
    const { doc, hash } = await openDocument(id);
    doc.blocks[0].heading = 'Retired but shown';
    expect((await saveDocument(id, doc, hash)).json.outcome).toBe('saved');
    const link = await client.call('POST', `/api/changes/${id}/preview-link`, { session: as('editor') });
    expect((await client.call('POST', `/api/changes/${id}/submit`, { session: as('editor') })).status).toBe(200);
    expect((await client.call('POST', `/api/changes/${id}/approve`, { session: as('reviewer') })).status).toBe(200);
    const published = await client.call('POST', `/api/changes/${id}/publish`, { session: as('reviewer') });
    expect(published.json.outcome, published.text).toBe('published');

    // Retiring removes the folder, then prunes git's record of it (worktrees.ts): both done, in that order.
    await vi.waitFor(
      () => {
        expect(existsSync(worktreeOf(id))).toBe(false);
        expect(host.git(host.root, ['--git-dir', gitDir(), 'worktree', 'list'])).not.toContain(id);
      },
      { timeout: 120_000, interval: 50 },
    );
    expect(host.git(host.root, ['--git-dir', gitDir(), 'rev-parse', '--verify', `changes/${id}`]).trim()).toMatch(/^[0-9a-f]{40}$/);

    // Its page and its comparison, from git.
    const page = await readPage(id, 'reviewer');
    expect(page).toMatchObject({ status: 'published', commits: 1 });
    const after = await client.call('GET', `/changes/${id}/compare?route=/story&side=after`, { session: as('reviewer') });
    expect(after.text).toContain('Retired but shown');
    // Its preview link has ended, and says so (preview-site.ts): the live site shows it now.
    const preview = await client.call('GET', link.json.url as string);
    expect(preview.status).toBe(410);
    expect(preview.text).toContain('is on the live site now');
    expect(existsSync(worktreeOf(id))).toBe(false);
    const list = await client.call('GET', '/api/changes', { session: as('reviewer') });
    expect(list.json).toEqual(expect.arrayContaining([expect.objectContaining({ id, status: 'published' })]));

    // Opened in the editor (read only), it is made again; closed, it is retired again.
    expect((await openDocument(id)).doc.blocks[0].heading).toBe('Retired but shown');
    expect(existsSync(join(worktreeOf(id), 'pages-json', 'story.json'))).toBe(true);
    for (let i = 1; i <= LIMIT; i++) await openDocument(await newChangeSet(`After the publish ${i}`));
    expect(open()).not.toContain(id);
    await vi.waitFor(() => expect(existsSync(worktreeOf(id))).toBe(false), { timeout: 120_000, interval: 50 });

    // A restart leaves it retired (a start makes no worktree of a change set nobody opened).
    await host.stop();
    const restarted = await startEditor(host.env, { logger: false });
    try {
      const again = editorClient(restarted.url);
      const reviewer = await again.signIn(PEOPLE.reviewer.email);
      expect(existsSync(worktreeOf(id))).toBe(false);
      expect((await again.call('GET', `/api/changes/${id}`, { session: reviewer })).json.status).toBe('published');
    } finally {
      await restarted.close();
    }
  });
});

describe('idle closing with nobody asking', () => {
  let quiet: EditorHost;
  beforeAll(async () => {
    // Closed after 3 s unused: the server's own timer closes it, no request needed.
    quiet = await startEditorHost('editor-pool-idle', { content: smallSite(), env: { EDITOR_WORKSPACE_IDLE_MINUTES: '0.05' } });
  });
  afterAll(() => quiet?.stop());

  test('a change set opened and left alone is closed by the idle timer', async () => {
    const quietClient = editorClient(quiet.editor.url);
    const session = await quietClient.signIn(PEOPLE.editor.email);
    const made = await quietClient.call('POST', '/api/changes', { session, body: { title: 'Opened then left' } });
    expect((await quietClient.call('GET', `/api/changes/${made.json.id as string}`, { session })).status).toBe(200);
    expect(quiet.editor.openChangeSets()).toEqual([made.json.id]);
    await vi.waitFor(() => expect(quiet.editor.openChangeSets()).toEqual([]), { timeout: 120_000, interval: 100 });
  });

  test('left alone, it lets go of everything: every workspace, the published content and the content workers; the next request starts again', async () => {
    const quietClient = editorClient(quiet.editor.url);
    const session = await quietClient.signIn(PEOPLE.editor.email);
    // The most workers seen running and contents held while people work (each request keeps its worker busy).
    let busiest = { running: 0, held: 0 };
    const watch = setInterval(() => {
      const { running, held } = quiet.editor.contentWorkers();
      busiest = { running: Math.max(busiest.running, running), held: Math.max(busiest.held, held.length) };
    }, 20);
    const ids: string[] = [];
    try {
      for (let i = 1; i <= 3; i++) {
        const made = await quietClient.call('POST', '/api/changes', { session, body: { title: `Left alone ${i}` } });
        ids.push(made.json.id as string);
        const opened = await quietClient.call('GET', `/changes/${ids[i - 1]}/edit/api/document?file=story.json`, { session });
        expect(opened.status, opened.text).toBe(200);
      }
      // The published content (a review's "before" side, the published site's data) is held by a worker too.
      const siteData = await quietClient.call('GET', '/published/site-data/default.js', { session });
      expect(siteData.status, siteData.text).toBe(200);
    } finally {
      clearInterval(watch);
    }
    expect(busiest.running).toBeGreaterThanOrEqual(1);
    expect(busiest.held).toBeGreaterThanOrEqual(1);

    // Nobody asks for anything: the idle timer closes the workspaces, forgets the published content and stops the
    // workers, which then hold nothing (each one an isolate with the site's code and what it read).
    await vi.waitFor(
      () => {
        expect(quiet.editor.openChangeSets()).toEqual([]);
        expect(quiet.editor.contentWorkers()).toEqual({ running: 0, held: [] });
      },
      { timeout: 120_000, interval: 100 },
    );

    // Asked again, it reads the content again in a new worker, as it was saved.
    const again = await quietClient.call('GET', `/changes/${ids[0]}/edit/api/document?file=story.json`, { session });
    expect(again.status, again.text).toBe(200);
    expect(JSON.parse(again.json.text as string)).toMatchObject({ blocks: expect.any(Array) });
    expect(quiet.editor.contentWorkers().running).toBeGreaterThanOrEqual(1);
    expect((await quietClient.call('GET', '/published/site-data/default.js', { session })).status).toBe(200);
  });
});
