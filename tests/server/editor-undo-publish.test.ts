/**
 * Undoing a publish at once over HTTP against real git, with the site served on this machine (EDITOR_RELEASES_DIR): an
 * admin undoes a published change set, and the published branch, the team's remote and the served page have the old text
 * again while a later publish of another field of the same document stays; its record in git says who undid it and
 * when; the list and the document's history show it; a second undo is refused. A change set a later publish built on
 * (the same field changed again) is refused in words naming that later change set, until that one is undone first.
 * Refused without a session, from another origin, to an editor, a translator or a reviewer (it skips review: they ask
 * for an undo as a change set, editor-undo-as-change-set.test.ts), and for a change set not published.
 */
import { execFileSync } from 'node:child_process';
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
  host = await startEditorHost('editor-undo-publish', { releases: true, content: smallSite(), passwordCost: CHEAP_PASSWORDS });
  const client = editorClient(host.editor.url);
  call = client.call;
  for (const who of Object.keys(PEOPLE) as (keyof typeof PEOPLE)[]) sessions[who] = await client.signIn(PEOPLE[who].email);
  stories = storyChangeSets(host, call, as);
}, 180_000);

afterAll(() => host?.stop());

const undo = (id: string, who: keyof typeof PEOPLE = 'admin') => call('POST', `/api/changes/${id}/undo-publish`, { session: as(who) });
const changeSet: ReturnType<typeof storyChangeSets>['changeSet'] = (...args) => stories.changeSet(...args);
const repoGit = (args: string[]) => stories.repoGit(args);
const publishedHeadings = () => stories.publishedHeadings();
const servedStory = () => stories.servedStory();
const page = async (id: string) => (await call('GET', `/api/changes/${id}`, { session: as('editor') })).json;

describe('undo a publish', () => {
  test('by an admin: the published site, the remote and the served page have the old text; recorded, listed, in history', async () => {
    const id = await changeSet('Bolder mission', { 0: 'A bolder mission, to undo' });
    // Published after it, another field of the same document: it stays.
    const later = await changeSet('Beliefs', { 2: 'What we hold true' });
    await vi.waitFor(() => expect(servedStory()).toContain('A bolder mission, to undo'), SERVED_WITHIN);
    expect((await page(id)).actions).toMatchObject({ undo: false, undoAsChangeSet: true });
    expect((await call('GET', `/api/changes/${id}`, { session: as('reviewer') })).json.actions).toMatchObject({ undo: false });
    expect((await call('GET', `/api/changes/${id}`, { session: as('admin') })).json.actions).toMatchObject({ undo: true });

    const undone = await undo(id);
    expect(undone.status, undone.text).toBe(200);
    expect(undone.json).toMatchObject({ outcome: 'published', pushed: true });
    expect(publishedHeadings()).toEqual([ORIGINAL[0], undefined, 'What we hold true', ORIGINAL[3], ORIGINAL[4]]);
    const head = repoGit(['rev-parse', 'main']).trim();
    expect(undone.json.commit).toBe(head);
    expect(repoGit(['log', '-1', '--format=%an|%s', 'main']).trim()).toBe(
      `${PEOPLE.admin.name}|Undo the publish of “Bolder mission” (changes/${id})`,
    );
    expect(execFileSync('git', ['--git-dir', host.remote, 'rev-parse', 'main'], { encoding: 'utf8' }).trim()).toBe(head);
    await vi.waitFor(() => expect(servedStory()).toContain(ORIGINAL[0]), SERVED_WITHIN);
    expect(servedStory()).not.toContain('A bolder mission, to undo');
    expect(servedStory()).toContain('What we hold true');

    // Recorded in git, shown on its page and in the list; a second undo refused.
    const record = JSON.parse(repoGit(['show', `refs/reviews/${id}:record.json`])) as { undone?: { by: unknown; commit: string } };
    expect(record.undone).toMatchObject({ by: { name: PEOPLE.admin.name, email: PEOPLE.admin.email }, commit: head });
    expect(await page(id)).toMatchObject({
      status: 'published',
      undone: { commit: head },
      actions: { undo: false, undoAsChangeSet: false },
    });
    const listed = (await call('GET', '/api/changes', { session: as('editor') })).json as unknown as { id: string; undone?: unknown }[];
    expect(listed.find((c) => c.id === id)?.undone).toMatchObject({ commit: head });
    expect(listed.find((c) => c.id === later)?.undone).toBeUndefined();
    const history = (await call('GET', `/api/history?file=${encodeURIComponent('pages-json/story.json')}`, { session: as('editor') }))
      .json as unknown as {
      sha: string;
      message: string;
      author: { name: string };
    }[];
    expect(history[0]).toMatchObject({ sha: head, author: { name: PEOPLE.admin.name } });
    expect(history[0].message).toContain('Undo the publish of “Bolder mission”');
    const again = await undo(id);
    expect(again.status).toBe(409);
    expect(again.json.message).toMatch(/undone already, by Ada Admin/);
  }, 600_000);

  test('refused without a session, from another origin, to an editor, a translator or a reviewer, and when not published', async () => {
    const notYet = await changeSet('Not published yet', { 3: 'Not yet' }, { publish: false });
    const path = `/api/changes/${notYet}/undo-publish`;
    expect((await call('POST', path)).status).toBe(401);
    expect((await call('POST', path, { session: as('admin'), origin: 'https://evil.example' })).status).toBe(403);
    expect((await undo(notYet, 'editor')).status).toBe(403);
    expect((await undo(notYet, 'translator')).status).toBe(403);
    const refused = await undo(notYet);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('Only a published change set has a publish to undo.');
    // Published: still refused to an editor and from another origin, and nothing moved.
    expect((await call('POST', `/api/changes/${notYet}/publish`, { session: as('reviewer') })).json.outcome).toBe('published');
    const head = repoGit(['rev-parse', 'main']);
    expect((await undo(notYet, 'editor')).status).toBe(403);
    const reviewer = await undo(notYet, 'reviewer');
    expect(reviewer.status).toBe(403);
    expect(reviewer.json.message).toMatch(/Only an admin undoes a publish at once/);
    expect((await call('POST', path, { session: as('admin'), origin: 'https://evil.example' })).status).toBe(403);
    expect((await call('POST', path, { session: as('admin'), csrf: false })).status).toBe(403);
    expect(repoGit(['rev-parse', 'main'])).toBe(head);
    expect((await page(notYet)).undone).toBeUndefined();
  }, 600_000);

  test('a later publish changed the same field: refused, naming that change set; undone once that one is undone first', async () => {
    const first = await changeSet('Spam heading', { 4: 'End spam, first try' });
    const second = await changeSet('Spam heading again', { 4: 'End spam, second try', 0: 'Second try too' });
    const head = repoGit(['rev-parse', 'main']);
    const refused = await undo(first);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json.outcome).toBe('conflicts');
    const [clash] = refused.json.conflicts as { where: string; published: string; before: string; publishedBy?: Record<string, unknown> }[];
    expect(clash).toMatchObject({
      published: '“End spam, second try”',
      before: '“End spam, first try”',
      publishedBy: { name: PEOPLE.reviewer.name, changeSet: { id: second, title: 'Spam heading again' } },
    });
    expect(clash.where).toMatch(/Heading/);
    expect(repoGit(['rev-parse', 'main'])).toBe(head);
    expect((await page(first)).undone).toBeUndefined();

    // The later one undone first: then the first one is.
    expect((await undo(second)).json.outcome).toBe('published');
    expect(publishedHeadings()[4]).toBe('End spam, first try');
    expect(publishedHeadings()[0]).toBe(ORIGINAL[0]);
    const undone = await undo(first);
    expect(undone.json.outcome, undone.text).toBe('published');
    expect(publishedHeadings()[4]).toBe(ORIGINAL[4]);
  }, 600_000);
});
