/**
 * History in the hosted editor, over HTTP against a real git repository: a version is restored only into an open
 * change set of the person's (one they started or saved in), which the server lists and enforces (refused into a
 * colleague's, into a published one, for a role that does not change the document, without a session, without the
 * CSRF token and from another origin); a change set's history lists its own saves; a page a version does not have
 * is said in words inside the frame (a new page's published side, a version from before it existed, a document that
 * is no page), never as raw JSON; the list counts a published change set's saves; and a version several people ask
 * for at once is written out once and shown to each.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { editorClient, PEOPLE, startEditorHost, type EditorHost, type EditorSession } from '../../test-support/editor-host';
import { storySite } from '../../test-support/synthetic-site';

let host: EditorHost;
let call: ReturnType<typeof editorClient>['call'];
let ana: EditorSession;
let pat: EditorSession;
let tomas: EditorSession;
let rita: EditorSession;

const STORY = 'pages-json/story.json';

async function newChangeSet(session: EditorSession, title: string): Promise<string> {
  const answer = await call('POST', '/api/changes', { session, body: { title } });
  expect(answer.status).toBe(201);
  return answer.json.id as string;
}

/** Saves a new first heading of story.json in a change set through the editor's own endpoints. */
async function saveHeading(session: EditorSession, id: string, heading: string) {
  const base = `/changes/${id}/edit/api`;
  const opened = await call('GET', `${base}/document?file=story.json`, { session });
  const doc = JSON.parse(opened.json.text as string) as { blocks: { heading: string }[] };
  doc.blocks[0].heading = heading;
  const saved = await call('POST', `${base}/save`, { session, body: { file: 'story.json', doc, baseHash: opened.json.hash } });
  expect(saved.json.outcome, JSON.stringify(saved.json)).toBe('saved');
}

const branchHead = (id: string) =>
  host.git(host.remote, ['--git-dir', join(host.dataDir, 'repo.git'), 'rev-parse', `changes/${id}`]).trim();
const targetsOf = async (session: EditorSession, file = STORY) =>
  (await call('GET', `/api/restore-targets?file=${encodeURIComponent(file)}`, { session })).json as unknown as { id: string }[];

/** The first (oldest) version of story.json on the published branch. */
async function originalStory(): Promise<string> {
  const history = await call('GET', `/api/history?file=${encodeURIComponent(STORY)}`, { session: ana });
  return (history.json as unknown as { sha: string }[]).at(-1)!.sha;
}

// A small site with the real story, terms and plans: history is about git and the editor's pages, not the site's size,
// and each save, publish and rendered version validated or rendered the real site's 160 pages in 5 languages.
const site = mkdtempSync(join(tmpdir(), 'editor-history-site-'));

beforeAll(async () => {
  host = await startEditorHost('editor-history', {
    extraPeople: 1,
    content: storySite(6, site, ['terms.json', '_collections/plans.json']),
  });
  const client = editorClient(host.editor.url);
  call = client.call;
  [ana, pat, tomas, rita] = await Promise.all(
    [PEOPLE.editor.email, 'person1@reachwell.example', PEOPLE.translator.email, PEOPLE.reviewer.email].map((email) => client.signIn(email)),
  );
});

afterAll(async () => {
  await host?.stop();
  rmSync(site, { recursive: true, force: true });
});

describe('restoring a version', () => {
  test('goes only into an open change set of mine: listed, and refused elsewhere by the server', async () => {
    const sha = await originalStory();
    const mine = await newChangeSet(ana, 'Ana’s spring copy');
    const patsOwn = await newChangeSet(pat, 'Pat’s pricing');
    const listed = (await targetsOf(ana)).map((target) => target.id);
    expect(listed).toContain(mine);
    expect(listed).not.toContain(patsOwn);

    // Into a colleague's change set she never saved in: refused in words, nothing committed.
    const before = branchHead(patsOwn);
    const refused = await call('POST', `/api/changes/${patsOwn}/restore`, { session: ana, body: { file: STORY, sha } });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/Person 1’s, and you have not saved in it: restore into a change set of yours, or into a new one/);
    expect(branchHead(patsOwn)).toBe(before);

    // Without a session, without the CSRF token, from another origin: refused, nothing committed.
    const mineBefore = branchHead(mine);
    expect((await call('POST', `/api/changes/${mine}/restore`, { body: { file: STORY, sha } })).status).toBe(401);
    expect((await call('GET', `/api/restore-targets?file=${encodeURIComponent(STORY)}`)).status).toBe(401);
    expect((await call('POST', `/api/changes/${mine}/restore`, { session: ana, csrf: false, body: { file: STORY, sha } })).status).toBe(
      403,
    );
    expect(
      (await call('POST', `/api/changes/${mine}/restore`, { session: ana, origin: 'https://evil.example', body: { file: STORY, sha } }))
        .status,
    ).toBe(403);
    expect(branchHead(mine)).toBe(mineBefore);

    // A translator does not restore a page (its role does not change it), and is offered nothing to restore it into.
    const tomasOwn = await newChangeSet(tomas, 'Tomás’s Spanish');
    expect(await targetsOf(tomas)).toEqual([]);
    expect((await call('POST', `/api/changes/${tomasOwn}/restore`, { session: tomas, body: { file: STORY, sha } })).status).toBe(403);

    // Into her own: a new save by her, after one of hers.
    await saveHeading(ana, mine, 'Changed before the restore');
    const restored = await call('POST', `/api/changes/${mine}/restore`, { session: ana, body: { file: STORY, sha } });
    expect(restored.status, JSON.stringify(restored.json)).toBe(200);
    expect(restored.json).toMatchObject({ id: mine, commits: 2 });
    expect(readFileSync(join(host.dataDir, 'worktrees', mine, STORY), 'utf8')).toContain('Restoring humanity to communication');

    // Once she saved in Pat's change set, it is hers too: listed, and restored into.
    await saveHeading(ana, patsOwn, 'Saved by Ana in Pat’s change set');
    expect((await targetsOf(ana)).map((target) => target.id)).toContain(patsOwn);
    expect((await call('POST', `/api/changes/${patsOwn}/restore`, { session: ana, body: { file: STORY, sha } })).status).toBe(200);
  });

  test('a change set’s history lists its own saves; a published change set is no longer offered, and restoring into it is refused', async () => {
    const id = await newChangeSet(ana, 'Two saves, then published');
    await saveHeading(ana, id, 'First of two');
    await saveHeading(ana, id, 'Second of two');
    const history = await call('GET', `/api/history?file=${encodeURIComponent(STORY)}&changeSet=${id}`, { session: ana });
    expect((history.json as unknown as { message: string }[]).slice(0, 2).map((entry) => entry.message)).toEqual([
      expect.stringContaining('“First of two” → “Second of two”'),
      expect.stringContaining('→ “First of two”'),
    ]);

    expect((await call('POST', `/api/changes/${id}/submit`, { session: ana })).status).toBe(200);
    expect((await call('POST', `/api/changes/${id}/approve`, { session: rita })).status).toBe(200);
    const published = await call('POST', `/api/changes/${id}/publish`, { session: rita });
    expect(published.status, JSON.stringify(published.json)).toBe(200);

    // The list counts its saves once published too (git then counts them as the published site's).
    const list = (await call('GET', '/api/changes', { session: ana })).json as unknown as { id: string; commits: number; status: string }[];
    expect(list.find((summary) => summary.id === id)).toMatchObject({ status: 'published', commits: 2 });

    expect((await targetsOf(ana)).map((target) => target.id)).not.toContain(id);
    const refused = await call('POST', `/api/changes/${id}/restore`, { session: ana, body: { file: STORY, sha: await originalStory() } });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/restore into an open change set of yours, or into a new one/);
  });
});

describe('a page a version does not have', () => {
  test('is said in words inside the frame: a new page’s published side, a version before it existed, a document that is no page', async () => {
    const id = await newChangeSet(ana, 'A new page');
    // A new page committed on the change set's branch (as the editor's New page does, in one commit).
    const worktree = join(host.dataDir, 'worktrees', id);
    const terms = readFileSync(join(worktree, 'pages-json', 'terms.json'), 'utf8');
    writeFileSync(join(worktree, 'pages-json', 'fresh-terms.json'), terms.replace(/"title": "[^"]*"/, '"title": "Fresh terms"'));
    host.git(worktree, ['add', '--all']);
    host.git(worktree, ['commit', '--quiet', '--message', 'Fresh terms: created']);

    const newSide = await call('GET', `/changes/${id}/compare?route=/fresh-terms&side=after`, { session: rita });
    expect(newSide.status).toBe(200);
    expect(newSide.text).toContain('Fresh terms');

    const publishedSide = await call('GET', `/changes/${id}/compare?route=/fresh-terms&side=before`, { session: rita });
    expect(publishedSide.status).toBe(404);
    expect(publishedSide.headers.get('content-type')).toMatch(/^text\/html/);
    expect(publishedSide.text).toContain('<h1>Not published yet</h1>');
    expect(publishedSide.text).toContain('This page is new in this change set');
    expect(publishedSide.text).not.toContain('"error"');

    // Its history from the change set: the version that made it renders; the published site's before it says so.
    const history = await call('GET', `/api/history?file=${encodeURIComponent('pages-json/fresh-terms.json')}&changeSet=${id}`, {
      session: ana,
    });
    const [made] = history.json as unknown as { sha: string }[];
    const madeVersion = await call('GET', `/history/version?file=pages-json/fresh-terms.json&sha=${made.sha}`, { session: ana });
    expect(madeVersion.text).toContain('Fresh terms');
    const publishedHead = host.git(host.remote, ['rev-parse', 'main']).trim();
    const beforeIt = await call('GET', `/history/version?file=pages-json/fresh-terms.json&sha=${publishedHead}`, { session: ana });
    expect(beforeIt.status).toBe(404);
    expect(beforeIt.text).toContain('<h1>Not on the site in this version</h1>');

    const collection = await call('GET', `/history/version?file=pages-json/_collections/plans.json&sha=${publishedHead}`, { session: ana });
    expect(collection.headers.get('content-type')).toMatch(/^text\/html/);
    expect(collection.text).toContain('<h1>Not a page of its own</h1>');
  });
});

describe('a version asked for by several people at once', () => {
  test('is written out once and shown to each (two requests used to share one temporary folder)', async () => {
    const id = await newChangeSet(ana, 'Asked for at once');
    await saveHeading(ana, id, 'A heading asked for at once');
    const history = await call('GET', `/api/history?file=${encodeURIComponent(STORY)}&changeSet=${id}`, { session: ana });
    const [saved] = history.json as unknown as { sha: string }[];
    const address = `/history/version?file=${encodeURIComponent(STORY)}&sha=${saved.sha}`;
    const answers = await Promise.all([ana, rita, tomas, ana].map((session) => call('GET', address, { session })));
    for (const answer of answers) {
      expect(answer.status, answer.text.slice(0, 300)).toBe(200);
      expect(answer.text).toContain('A heading asked for at once');
    }
  });
});
