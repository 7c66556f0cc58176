/**
 * Publishing at a chosen time, over HTTP against real git, with the server's clock moved by the test: a reviewer sets
 * the time on an approved change set (kept in its record in git, shown on its page and in the list), the editor's
 * timer publishes it then as that reviewer, a cancelled time publishes nothing, whatever ends the approval (a save,
 * taken back, changes asked for, closed) drops the time at once and its page says why, and a real restart arms the
 * times again (one passed while the editor was down publishes at start; one a record kept without its approval is
 * dropped at its time). Setting and cancelling refused without a session, from another origin, to the wrong
 * role, and when not approved.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { accountStoreLocation, openAccountStore } from '../../src/editor/host/accounts/open-account-store';
import { startEditor, type StartedEditor } from '../../src/editor/host/start';
import type { NoticeEvent } from '../../src/editor/live-protocol';
import { CHEAP_PASSWORDS } from '../../test-support/cheap-passwords';
import {
  DEV_GIT_IDENTITY,
  editorClient,
  PEOPLE,
  prepareEditorHost,
  smallSite,
  type EditorSession,
  type PreparedHost,
} from '../../test-support/editor-host';

const HOUR = 60 * 60_000;
/** Two more reviewers: one leaves the team, the other becomes an editor, after setting a publish time. */
const LEAVING = { name: 'Lea Leaving', email: 'lea@reachwell.example', role: 'reviewer' as const };
const DEMOTED = { name: 'Remy Moved', email: 'remy@reachwell.example', role: 'reviewer' as const };
/** Generous: a publish validates the whole site, on a loaded machine. */
const PUBLISHED_WITHIN = { timeout: 120_000, interval: 250 };

let prepared: PreparedHost;
let editor: StartedEditor;
let offset = 0;
const now = () => new Date(Date.now() + offset);
let call: ReturnType<typeof editorClient>['call'];
const sessions: Partial<Record<keyof typeof PEOPLE, EditorSession>> = {};
const as = (who: keyof typeof PEOPLE) => sessions[who]!;

async function start() {
  editor = await startEditor(prepared.env, { logger: false, now, passwordCost: prepared.passwordCost });
  const client = editorClient(editor.url);
  call = client.call;
  for (const who of Object.keys(PEOPLE) as (keyof typeof PEOPLE)[]) sessions[who] = await client.signIn(PEOPLE[who].email);
}

beforeAll(async () => {
  // The small site with the real story page: about when a publish happens, and each save and publish validates the site.
  prepared = await prepareEditorHost('editor-publish-at', {
    env: { EDITOR_PUBLISH_CHECK_SECONDS: '0.2' },
    content: smallSite(),
    passwordCost: CHEAP_PASSWORDS,
    accounts: [LEAVING, DEMOTED],
  });
  await start();
});

afterAll(() => editor?.close());

/** A change set by the editor saving one heading of the story (each test its own block: no clash between them). */
async function approvedChangeSet(title: string, block: number, approve = true): Promise<string> {
  const made = await call('POST', '/api/changes', { session: as('editor'), body: { title } });
  expect(made.status).toBe(201);
  const id = made.json.id as string;
  await save(id, block, `${title}, a heading`);
  expect((await call('POST', `/api/changes/${id}/submit`, { session: as('editor') })).status).toBe(200);
  if (approve) expect((await call('POST', `/api/changes/${id}/approve`, { session: as('reviewer') })).json.status).toBe('approved');
  return id;
}

async function save(id: string, block: number, heading: string) {
  const base = `/changes/${id}/edit/api`;
  const opened = await call('GET', `${base}/document?file=story.json`, { session: as('editor') });
  const doc = JSON.parse(opened.json.text as string) as { blocks: { heading: string }[] };
  doc.blocks[block].heading = heading;
  const saved = await call('POST', `${base}/save`, {
    session: as('editor'),
    body: { file: 'story.json', doc, baseHash: opened.json.hash },
  });
  expect(saved.status, saved.text).toBe(200);
}

/** Where a person's live updates stand now (a tab that polls: /api/live/poll). */
const pollFrom = async (who: keyof typeof PEOPLE) => (await call('GET', '/api/live/poll', { session: as(who) })).json.last as string;
/** The change sets whose dropped publish time `who` was told of since `since`, by title. */
async function droppedNotices(who: keyof typeof PEOPLE, since: string) {
  const { events } = (await call('GET', `/api/live/poll?since=${encodeURIComponent(since)}`, { session: as(who) })).json as {
    events: { event: string; data: NoticeEvent }[];
  };
  return events
    .filter(({ event, data }) => event === 'notice' && data.kind === 'publish-time-dropped')
    .map(({ data }) => data.changeSet.title);
}
const inHours = (hours: number) => new Date(now().getTime() + hours * HOUR).toISOString();
const publishAt = (who: keyof typeof PEOPLE, id: string, at: string) =>
  call('POST', `/api/changes/${id}/publish-at`, { session: as(who), body: { at } });
const page = async (id: string) => (await call('GET', `/api/changes/${id}`, { session: as('admin') })).json;
const published = (id: string) => vi.waitFor(async () => expect((await page(id)).status).toBe('published'), PUBLISHED_WITHIN);
const repoGit = (args: string[]) => execFileSync('git', ['--git-dir', join(prepared.dataDir, 'repo.git'), ...args], { encoding: 'utf8' });
const gitWith = (args: string[], input: string) =>
  execFileSync('git', ['--git-dir', join(prepared.dataDir, 'repo.git'), ...args], {
    encoding: 'utf8',
    input,
    env: { ...process.env, ...DEV_GIT_IDENTITY },
  });

describe('publish at a chosen time', () => {
  test('set on an approved change set: kept in git, shown, published at that time as the reviewer who set it', async () => {
    const id = await approvedChangeSet('At nine', 0);
    // Another one due an hour earlier: once it is published, the timer has looked past the hour.
    const earlier = await approvedChangeSet('At eight', 2);
    expect((await publishAt('reviewer', earlier, inHours(1))).status).toBe(200);
    const at = inHours(2);
    const set = await publishAt('reviewer', id, at);
    expect(set.status, set.text).toBe(200);
    expect(set.json.publishAt).toEqual({ at, by: { name: PEOPLE.reviewer.name, email: PEOPLE.reviewer.email } });
    const listed = (await call('GET', '/api/changes', { session: as('editor') })).json as unknown as { id: string; publishAt?: unknown }[];
    expect(listed.find((c) => c.id === id)?.publishAt).toMatchObject({ at });
    expect(JSON.parse(repoGit(['show', `refs/reviews/${id}:record.json`])).publishAt).toMatchObject({ at });

    // An hour on: not yet.
    offset += HOUR + 60_000;
    await published(earlier);
    expect((await page(id)).status).toBe('approved');

    offset += HOUR + 60_000;
    await published(id);
    const after = await page(id);
    expect(after.publishAt).toBeUndefined();
    expect(repoGit(['log', '-1', '--format=%an', 'main']).trim()).toBe(PEOPLE.reviewer.name);
  });

  test('refused without a session, from another origin, to an editor or translator, when not approved or in the past', async () => {
    const id = await approvedChangeSet('Not yet approved', 3, false);
    const at = inHours(1);
    const path = `/api/changes/${id}/publish-at`;
    expect((await call('POST', path, { body: { at } })).status).toBe(401);
    expect((await call('DELETE', path)).status).toBe(401);
    expect((await call('POST', path, { session: as('reviewer'), body: { at }, origin: 'https://evil.example' })).status).toBe(403);
    expect((await call('DELETE', path, { session: as('reviewer'), origin: 'https://evil.example' })).status).toBe(403);
    expect((await publishAt('editor', id, at)).status).toBe(403);
    expect((await publishAt('translator', id, at)).status).toBe(403);
    expect((await publishAt('reviewer', id, at)).status).toBe(409);
    expect((await call('POST', `/api/changes/${id}/approve`, { session: as('reviewer') })).status).toBe(200);
    expect((await publishAt('reviewer', id, inHours(-1))).status).toBe(400);
    expect((await publishAt('reviewer', id, 'tomorrow')).status).toBe(400);
    expect((await call('DELETE', path, { session: as('reviewer') })).status).toBe(409);
    expect((await page(id)).publishAt).toBeUndefined();

    // Cancelled: nothing publishes at the time.
    expect((await publishAt('admin', id, at)).status).toBe(200);
    expect((await call('DELETE', path, { session: as('editor') })).status).toBe(403);
    const cancelled = await call('DELETE', path, { session: as('reviewer') });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json.publishAt).toBeUndefined();
    // Another one due at the same time: once it is published, the timer has looked past that time.
    const marker = await approvedChangeSet('Due at the same time', 4);
    expect((await publishAt('reviewer', marker, at)).status).toBe(200);
    offset += 2 * HOUR;
    await published(marker);
    expect((await page(id)).status).toBe('approved');
  });

  test('whatever ends its approval drops its time at once, saying who and why; approved again, it does not publish then', async () => {
    const saved = await approvedChangeSet('Changed meanwhile', 3);
    const withdrawn = await approvedChangeSet('Taken back meanwhile', 1);
    const sentBack = await approvedChangeSet('Sent back meanwhile', 1);
    const closed = await approvedChangeSet('Closed meanwhile', 3);
    for (const id of [saved, withdrawn, sentBack, closed]) expect((await publishAt('reviewer', id, inHours(1))).status).toBe(200);
    expect((await page(saved)).actions).toMatchObject({ cancelPublishAt: true });
    const from = { editor: await pollFrom('editor'), reviewer: await pollFrom('reviewer') };

    await save(saved, 3, 'Saved after the time was set');
    expect((await call('POST', `/api/changes/${withdrawn}/withdraw`, { session: as('editor') })).status).toBe(200);
    const asked = await call('POST', `/api/changes/${sentBack}/request-changes`, {
      session: as('reviewer'),
      body: { comment: 'Shorter.' },
    });
    expect(asked.status).toBe(200);
    expect((await call('POST', `/api/changes/${closed}/close`, { session: as('editor') })).status).toBe(200);
    const dropped = async (id: string) => {
      const detail = await page(id);
      expect(detail.publishAt).toBeUndefined();
      expect(JSON.parse(repoGit(['show', `refs/reviews/${id}:record.json`])).publishAt).toBeUndefined();
      expect(detail.publishAtDropped).toMatchObject({ beforeItsTime: true });
      return (detail.publishAtDropped as { reason: string }).reason;
    };
    expect(await dropped(saved)).toBe(
      `${PEOPLE.editor.name} saved it after its approval, so it does not publish by itself: once it is approved again, a reviewer can set a new time.`,
    );
    expect(await dropped(withdrawn)).toBe(
      `${PEOPLE.editor.name} took it back from review, so it does not publish by itself: once it is approved again, a reviewer can set a new time.`,
    );
    expect(await dropped(sentBack)).toMatch(new RegExp(`^${PEOPLE.reviewer.name} asked for changes, so it does not publish by itself`));
    expect(await dropped(closed)).toBe(`${PEOPLE.editor.name} closed it, so it does not publish by itself.`);
    // Told, live: the reviewer who set the times of the steps of others, the author of the step of the reviewer's.
    await vi.waitFor(async () => {
      // Sorted: each change set's moves are told in order, not one change set's against another's.
      expect((await droppedNotices('reviewer', from.reviewer)).sort()).toEqual([
        'Changed meanwhile',
        'Closed meanwhile',
        'Taken back meanwhile',
      ]);
      expect(await droppedNotices('editor', from.editor)).toEqual(['Sent back meanwhile']);
    }, PUBLISHED_WITHIN);

    // Approved again (the one taken back, on the same saves), with no new time: the old one does not publish it.
    expect((await call('POST', `/api/changes/${withdrawn}/submit`, { session: as('editor') })).status).toBe(200);
    expect((await call('POST', `/api/changes/${withdrawn}/approve`, { session: as('reviewer') })).json.status).toBe('approved');
    const marker = await approvedChangeSet('Due just after', 4);
    expect((await publishAt('reviewer', marker, inHours(1.5))).status).toBe(200);
    offset += 2 * HOUR;
    await published(marker);
    expect((await page(withdrawn)).status).toBe('approved');
  });

  test('a restart arms the times again: one passed while the editor was down publishes at start, a later one at its time', async () => {
    const passed = await approvedChangeSet('Due while down', 0);
    const later = await approvedChangeSet('Due after the restart', 2);
    expect((await publishAt('reviewer', passed, inHours(1))).status).toBe(200);
    expect((await publishAt('reviewer', later, inHours(3))).status).toBe(200);
    await editor.close();
    offset += 2 * HOUR;
    await start();
    await published(passed);
    expect((await page(later)).status).toBe('approved');
    offset += 2 * HOUR;
    await published(later);
  }, 360_000);

  test('published as its setter is now: one who left, or may no longer publish, publishes nothing, and the page says why', async () => {
    const client = editorClient(editor.url);
    const [lea, remy] = [await client.signIn(LEAVING.email), await client.signIn(DEMOTED.email)];
    const left = await approvedChangeSet('Set by someone who left', 1);
    const moved = await approvedChangeSet('Set by someone now an editor', 3);
    expect((await call('POST', `/api/changes/${left}/publish-at`, { session: lea, body: { at: inHours(1) } })).status).toBe(200);
    expect((await call('POST', `/api/changes/${moved}/publish-at`, { session: remy, body: { at: inHours(1) } })).status).toBe(200);
    // As an administrator does it (npm run editor:user), with the editor running.
    const store = await openAccountStore(accountStoreLocation(prepared.env));
    await store.removeUser(LEAVING.email);
    await store.updateUser(DEMOTED.email, { role: 'editor' }, new Date());
    await store.close();

    offset += 2 * HOUR;
    const again = 'a reviewer can publish it, or set a new time.';
    for (const [id, reason] of [
      [left, `${LEAVING.name}, who set the time, has no account any more: ${again}`],
      [moved, `${DEMOTED.name}, who set the time, may no longer publish (editor now): ${again}`],
    ]) {
      await vi.waitFor(async () => expect((await page(id)).publishAtDropped).toBeDefined(), PUBLISHED_WITHIN);
      const after = await page(id);
      expect(after.status).toBe('approved');
      expect((after.publishAtDropped as { reason: string }).reason).toBe(reason);
    }
  });

  test('a time a record kept after its approval ended (written before that was dropped) is dropped at the next start', async () => {
    const id = await approvedChangeSet('Kept a time', 0, false);
    await editor.close();
    // The record as an older editor left it: submitted, with the time its approval had.
    const ref = `refs/reviews/${id}`;
    const record = JSON.parse(repoGit(['show', `${ref}:record.json`]));
    const head = repoGit(['rev-parse', `refs/heads/changes/${id}`]).trim();
    record.publishAt = { at: inHours(1), by: { name: PEOPLE.reviewer.name, email: PEOPLE.reviewer.email }, role: 'reviewer', head };
    const blob = gitWith(['hash-object', '-w', '--stdin'], JSON.stringify(record, null, 2)).trim();
    const tree = gitWith(['mktree'], `100644 blob ${blob}\trecord.json\n`).trim();
    const commit = gitWith(['commit-tree', tree, '-p', ref, '-m', 'an older editor'], '').trim();
    repoGit(['update-ref', ref, commit]);
    await start();

    // Before its time: approved again then, it would have published at a time nobody chose.
    await vi.waitFor(async () => expect((await page(id)).publishAtDropped).toBeDefined(), PUBLISHED_WITHIN);
    const after = await page(id);
    expect(after.status).toBe('submitted');
    expect(after.publishAt).toBeUndefined();
    expect(after.publishAtDropped).toMatchObject({ beforeItsTime: true });
    expect((after.publishAtDropped as { reason: string }).reason).toMatch(/^Its approval had ended .*, so it does not publish by itself/);
  }, 360_000);
});
