/**
 * Undoing a published change set through review, over HTTP against real git with the site served on this machine: an
 * editor asks for the undo; a new change set of theirs ("Undo: <title>") holds one commit of theirs that puts back
 * exactly the fields the original changed (a later publish of another field stays), and nothing is published yet.
 * The two are linked both ways. Submitted, approved and published as any change set, the served page has the old text
 * again. Refused without a session, from another origin or without the CSRF token, to a translator, for a change set
 * not published, while another undo of it is open or once one is published, and (naming the later change set) when a
 * later publish changed the same field; two asking at once make one. The immediate undo's own tests are editor-undo-publish.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { CHEAP_PASSWORDS } from '../../test-support/cheap-passwords';
import { editorClient, PEOPLE, smallSite, startEditorHost, type EditorHost, type EditorSession } from '../../test-support/editor-host';
import { STORY_HEADINGS as ORIGINAL, storyChangeSets } from '../../test-support/story-change-sets';

/** Generous: a publish validates the whole site and builds a release, on a loaded machine. */
const SERVED_WITHIN = { timeout: 300_000, interval: 250 };

let host: EditorHost;
let call: ReturnType<typeof editorClient>['call'];
let stories: ReturnType<typeof storyChangeSets>;
const sessions: Partial<Record<keyof typeof PEOPLE, EditorSession>> = {};
const as = (who: keyof typeof PEOPLE) => sessions[who]!;

beforeAll(async () => {
  // The small site with the real story page, all these tests change: each publish validates and builds the whole site.
  host = await startEditorHost('editor-undo-as-change-set', { releases: true, content: smallSite(), passwordCost: CHEAP_PASSWORDS });
  const client = editorClient(host.editor.url);
  call = client.call;
  for (const who of Object.keys(PEOPLE) as (keyof typeof PEOPLE)[]) sessions[who] = await client.signIn(PEOPLE[who].email);
  stories = storyChangeSets(host, call, as);
}, 180_000);

afterAll(() => host?.stop());

const askUndo = (id: string, who: keyof typeof PEOPLE = 'editor') => call('POST', `/api/changes/${id}/undo`, { session: as(who) });
const page = async (id: string, who: keyof typeof PEOPLE = 'editor') =>
  (await call('GET', `/api/changes/${id}`, { session: as(who) })).json;
const openIds = async () =>
  ((await call('GET', '/api/changes', { session: as('editor') })).json as unknown as { id: string }[]).map((c) => c.id);
const storyAt = (ref: string) =>
  JSON.parse(stories.repoGit(['show', `${ref}:pages-json/story.json`])) as { blocks: { heading?: string }[] };

describe('undo a published change set as a new change set, through review', () => {
  test('an editor asks: a change set of theirs that reverts exactly its fields, linked both ways; published, the old text is served', async () => {
    const id = await stories.changeSet('Bolder mission', { 0: 'A bolder mission, to undo', 3: 'Our product, to undo' });
    // Published after it, another field of the same document: it stays.
    const later = await stories.changeSet('Beliefs', { 2: 'What we hold true' });
    await vi.waitFor(() => expect(stories.servedStory()).toContain('A bolder mission, to undo'), SERVED_WITHIN);
    const published = stories.repoGit(['rev-parse', 'main']).trim();
    expect((await page(id)).actions).toMatchObject({ undo: false, undoAsChangeSet: true });

    const asked = await askUndo(id);
    expect(asked.status, asked.text).toBe(201);
    const made = (asked.json as { outcome: string; changeSet: Record<string, unknown> }).changeSet;
    expect(asked.json.outcome).toBe('created');
    expect(made).toMatchObject({
      title: 'Undo: Bolder mission',
      owner: { name: PEOPLE.editor.name, email: PEOPLE.editor.email },
      status: 'draft',
      commits: 1,
      undoes: { id, title: 'Bolder mission' },
    });
    const undoId = made.id as string;
    // Nothing published yet.
    expect(stories.repoGit(['rev-parse', 'main']).trim()).toBe(published);

    // Its branch: one commit by the person who asked, on today's published site, changing exactly the original's two
    // fields back (every other field, the later publish's included, as published).
    const branch = `changes/${undoId}`;
    expect(stories.repoGit(['log', '--format=%an <%ae>|%s', `main..${branch}`]).trim()).toBe(
      `${PEOPLE.editor.name} <${PEOPLE.editor.email}>|Undo “Bolder mission”`,
    );
    expect(stories.repoGit(['merge-base', 'main', branch]).trim()).toBe(published);
    expect(stories.repoGit(['diff', '--name-only', 'main', branch]).trim()).toBe('pages-json/story.json');
    const expected = storyAt('main');
    expected.blocks[0].heading = ORIGINAL[0];
    expected.blocks[3].heading = ORIGINAL[3];
    expect(storyAt(branch)).toEqual(expected);
    const undoPage = await page(undoId);
    expect(undoPage.undoes).toEqual({ id, title: 'Bolder mission' });
    const [document] = undoPage.documents as { texts: { before: string; after: string }[] }[];
    expect(document.texts.map(({ before, after }) => [before, after])).toEqual([
      ['A bolder mission, to undo', ORIGINAL[0]],
      ['Our product, to undo', ORIGINAL[3]],
    ]);

    // The original links to it while it is open; no second undo meanwhile, neither kind.
    expect(await page(id, 'admin')).toMatchObject({
      undoneIn: { id: undoId, title: 'Undo: Bolder mission', status: 'draft' },
      actions: { undo: false, undoAsChangeSet: false },
    });
    const twice = await askUndo(id, 'reviewer');
    expect(twice.status).toBe(409);
    expect(twice.json.message).toBe('An undo of this change set is open already: “Undo: Bolder mission”. Publish it, or close it first.');
    expect((await call('POST', `/api/changes/${id}/undo-publish`, { session: as('admin') })).status).toBe(409);

    // The normal review: submitted by its author, approved and published by a reviewer.
    expect((await call('POST', `/api/changes/${undoId}/submit`, { session: as('editor') })).json.status).toBe('submitted');
    expect((await call('POST', `/api/changes/${undoId}/approve`, { session: as('reviewer') })).json.status).toBe('approved');
    const publish = await call('POST', `/api/changes/${undoId}/publish`, { session: as('reviewer') });
    expect(publish.json.outcome, publish.text).toBe('published');
    expect(stories.publishedHeadings()).toEqual([ORIGINAL[0], undefined, 'What we hold true', ORIGINAL[3], ORIGINAL[4]]);
    await vi.waitFor(() => expect(stories.servedStory()).toContain(ORIGINAL[0]), SERVED_WITHIN);
    expect(stories.servedStory()).not.toContain('A bolder mission, to undo');
    expect(stories.servedStory()).toContain('What we hold true');

    // Linked both ways, on the pages and in the list; no more undo of the original.
    expect((await page(id)).undoneIn).toEqual({ id: undoId, title: 'Undo: Bolder mission', status: 'published' });
    const listed = (await call('GET', '/api/changes', { session: as('editor') })).json as unknown as Record<string, unknown>[];
    expect(listed.find((c) => c.id === id)?.undoneIn).toMatchObject({ id: undoId, status: 'published' });
    expect(listed.find((c) => c.id === undoId)?.undoes).toEqual({ id, title: 'Bolder mission' });
    expect(listed.find((c) => c.id === later)?.undoneIn).toBeUndefined();
    const again = await askUndo(id);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('This change set was undone already, by “Undo: Bolder mission”.');

    // The undo undone in its turn (an admin, at once): the original's fields are on the site again, and it may be
    // undone again, either way.
    const undoneUndo = await call('POST', `/api/changes/${undoId}/undo-publish`, { session: as('admin') });
    expect(undoneUndo.status, undoneUndo.text).toBe(200);
    expect(stories.publishedHeadings()[0]).toBe('A bolder mission, to undo');
    const original = await page(id, 'admin');
    expect(original.undoneIn).toBeUndefined();
    expect(original.actions).toMatchObject({ undo: true, undoAsChangeSet: true });
  }, 600_000);

  test('refused without a session, from another origin, without the CSRF token, to a translator, and when not published', async () => {
    const notYet = await stories.changeSet('Not published yet', { 3: 'Not yet' }, { publish: false });
    const path = `/api/changes/${notYet}/undo`;
    const before = await openIds();
    expect((await call('POST', path)).status).toBe(401);
    expect((await call('POST', path, { session: as('editor'), origin: 'https://evil.example' })).status).toBe(403);
    expect((await call('POST', path, { session: as('editor'), csrf: false })).status).toBe(403);
    expect((await askUndo(notYet, 'translator')).status).toBe(403);
    const refused = await askUndo(notYet);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('Only a published change set has a publish to undo.');
    // Published: still refused from another origin, without the token and to a translator; nothing made.
    expect((await call('POST', `/api/changes/${notYet}/publish`, { session: as('reviewer') })).json.outcome).toBe('published');
    expect((await call('POST', path, { session: as('admin'), origin: 'https://evil.example' })).status).toBe(403);
    expect((await call('POST', path, { session: as('admin'), csrf: false })).status).toBe(403);
    expect((await askUndo(notYet, 'translator')).status).toBe(403);
    expect(await openIds()).toEqual(before);
    expect((await page(notYet)).undoneIn).toBeUndefined();
  }, 600_000);

  test('a later publish changed the same field: refused, naming that change set and who published it; nothing made', async () => {
    const first = await stories.changeSet('Spam heading', { 4: 'End spam, first try' });
    const second = await stories.changeSet('Spam heading again', { 4: 'End spam, second try' });
    const before = await openIds();
    const refused = await askUndo(first);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json.outcome).toBe('conflicts');
    const [clash] = refused.json.conflicts as { where: string; published: string; before: string; publishedBy?: Record<string, unknown> }[];
    expect(clash).toMatchObject({
      published: '“End spam, second try”',
      before: '“End spam, first try”',
      publishedBy: { name: PEOPLE.reviewer.name, changeSet: { id: second, title: 'Spam heading again' } },
    });
    expect(clash.where).toMatch(/Heading/);
    expect(await openIds()).toEqual(before);
    expect((await page(first)).undoneIn).toBeUndefined();
  }, 600_000);

  test('two people asking at the same moment make one undo: the other is refused', async () => {
    const id = await stories.changeSet('Asked twice', { 1: 'Asked for twice, to undo' });
    const before = await openIds();
    const answers = await Promise.all([askUndo(id, 'editor'), askUndo(id, 'reviewer')]);
    expect(answers.map((answer) => answer.status).toSorted()).toEqual([201, 409]);
    const made = (await openIds()).filter((open) => !before.includes(open));
    expect(made).toHaveLength(1);
    expect((await page(id)).undoneIn).toMatchObject({ id: made[0] });
  }, 600_000);
});
