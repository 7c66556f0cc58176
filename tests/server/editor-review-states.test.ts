/**
 * The review's states over HTTP, against a real git repository: a reviewer asks for changes with a comment (the change
 * set goes back to its author, edited again and submitted again), its author withdraws it from review, its author or
 * an admin closes it (off the open list, listed as closed, read only, its branch kept and mirrored) and reopens it,
 * and removes a closed one (its saves put aside under refs/closed/<id>). Each step refused without a session, from
 * another origin, and to the wrong person or role.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHEAP_PASSWORDS } from '../../test-support/cheap-passwords';
import { editorClient, PEOPLE, smallSite, startEditorHost, type EditorHost, type EditorSession } from '../../test-support/editor-host';

let host: EditorHost;
let call: ReturnType<typeof editorClient>['call'];
const sessions: Partial<Record<keyof typeof PEOPLE, EditorSession>> = {};
const as = (who: keyof typeof PEOPLE) => sessions[who]!;

async function changeSetWithASave(who: keyof typeof PEOPLE, title: string): Promise<string> {
  const made = await call('POST', '/api/changes', { session: as(who), body: { title } });
  expect(made.status).toBe(201);
  const id = made.json.id as string;
  const base = `/changes/${id}/edit/api`;
  const opened = await call('GET', `${base}/document?file=story.json`, { session: as(who) });
  const doc = JSON.parse(opened.json.text as string) as { blocks: { heading: string }[] };
  doc.blocks[0].heading = `${title}, a heading`;
  expect(
    (await call('POST', `${base}/save`, { session: as(who), body: { file: 'story.json', doc, baseHash: opened.json.hash } })).status,
  ).toBe(200);
  return id;
}

const step = (who: keyof typeof PEOPLE, id: string, name: string, body?: unknown) =>
  call('POST', `/api/changes/${id}/${name}`, { session: as(who), body });
const statusOf = async (id: string) => (await call('GET', `/api/changes/${id}`, { session: as('admin') })).json.status;
const repoGit = (args: string[]) => host.git(host.remote, ['--git-dir', join(host.dataDir, 'repo.git'), ...args]);

beforeAll(async () => {
  // The small site with the real story page: the states are the change set's, and each save validates the whole site.
  host = await startEditorHost('editor-review-states', { content: smallSite(), passwordCost: CHEAP_PASSWORDS });
  ({ call } = editorClient(host.editor.url));
  const { signIn } = editorClient(host.editor.url);
  for (const who of Object.keys(PEOPLE) as (keyof typeof PEOPLE)[]) sessions[who] = await signIn(PEOPLE[who].email);
});

afterAll(() => host?.stop());

describe('review states', () => {
  test('request changes: a reviewer, with a comment; back to its author, edited and submitted again', async () => {
    const id = await changeSetWithASave('editor', 'Sent back');
    expect((await step('editor', id, 'submit')).json.status).toBe('submitted');
    // No comment, the author, an editor, a translator: refused; nothing changed.
    expect((await step('reviewer', id, 'request-changes', {})).status).toBe(400);
    expect((await step('reviewer', id, 'request-changes', { comment: '   ' })).status).toBe(400);
    expect((await step('editor', id, 'request-changes', { comment: 'Mine' })).status).toBe(403);
    expect((await step('translator', id, 'request-changes', { comment: 'No' })).status).toBe(403);
    expect(await statusOf(id)).toBe('submitted');

    const sent = await step('reviewer', id, 'request-changes', { comment: 'Shorter heading, please.' });
    expect(sent.status).toBe(200);
    expect(sent.json.status).toBe('changes-requested');
    expect((sent.json.comments as { body: string; author: { name: string } }[]).at(-1)).toMatchObject({
      body: 'Shorter heading, please.',
      author: { name: PEOPLE.reviewer.name },
    });
    // The author sees it back, may edit and submit again; a reviewer cannot approve it meanwhile.
    const seen = await call('GET', `/api/changes/${id}`, { session: as('editor') });
    expect(seen.json.actions).toMatchObject({ edit: true, submit: true, approve: false, requestChanges: false });
    expect((await step('reviewer', id, 'approve')).status).toBe(409);
    expect((await step('editor', id, 'submit')).json.status).toBe('submitted');
    expect((await step('reviewer', id, 'approve')).json.status).toBe('approved');
    expect(repoGit(['log', '--format=%s', `refs/reviews/${id}`])).toContain(`changes requested by ${PEOPLE.reviewer.name}`);
  });

  test('withdraw: its author takes it back from review (an approval too); nobody else', async () => {
    const id = await changeSetWithASave('editor', 'Taken back');
    await step('editor', id, 'submit');
    expect((await step('reviewer', id, 'withdraw')).status).toBe(403);
    await step('reviewer', id, 'approve');
    const taken = await step('editor', id, 'withdraw');
    expect(taken.status).toBe(200);
    expect(taken.json).toMatchObject({ status: 'draft', approvals: [] });
    expect((await step('editor', id, 'withdraw')).status).toBe(409);
    // Publish refused in words its page shows (a publish's own `refused` answer, not a bare error).
    const publish = await step('reviewer', id, 'publish');
    expect(publish.status).toBe(409);
    expect(publish.json).toEqual({ outcome: 'refused', message: 'A change set is published once a reviewer approved it.' });
  });

  test('close and reopen: its author or an admin; closed is off the open list, listed as closed, read only, its branch kept', async () => {
    const id = await changeSetWithASave('editor', 'Abandoned');
    const head = repoGit(['rev-parse', `changes/${id}`]).trim();
    expect((await step('reviewer', id, 'close')).status).toBe(403);
    expect((await step('translator', id, 'close')).status).toBe(403);
    const closed = await step('editor', id, 'close');
    expect(closed.status).toBe(200);
    expect(closed.json.status).toBe('closed');
    expect(closed.json.actions).toMatchObject({ edit: false, reopen: true, remove: true, close: false });
    const open = (await call('GET', '/api/changes', { session: as('editor') })).json as unknown as { id: string }[];
    expect(open.map((c) => c.id)).not.toContain(id);
    const listed = (await call('GET', '/api/changes?status=closed', { session: as('editor') })).json as unknown as { id: string }[];
    expect(listed.map((c) => c.id)).toContain(id);
    // Read only: a save is refused; its commits are where they were.
    expect((await call('POST', `/changes/${id}/edit/api/save`, { session: as('editor'), body: {} })).status).toBe(409);
    expect(repoGit(['rev-parse', `changes/${id}`]).trim()).toBe(head);
    // Mirrored as it is: its branch and its record, closed, on the team's remote.
    await expect
      .poll(() => host.git(host.remote, ['show', `refs/editor/reviews/${id}:record.json`]), { timeout: 60_000 })
      .toContain('"status": "closed"');

    expect((await step('reviewer', id, 'reopen')).status).toBe(403);
    expect((await step('admin', id, 'reopen')).json.status).toBe('draft');
    const again = await step('admin', id, 'close');
    expect(again.json, JSON.stringify(again.json)).toMatchObject({ status: 'closed' });
  });

  test('remove: only a closed one, by its author or an admin; its saves put aside under refs/closed/<id>', async () => {
    const id = await changeSetWithASave('editor', 'Removed');
    const head = repoGit(['rev-parse', `changes/${id}`]).trim();
    expect((await call('DELETE', `/api/changes/${id}`, { session: as('editor') })).status).toBe(409);
    // Refused before anything is touched: the open draft's worktree, under its author's saves, is still there.
    expect(existsSync(join(host.dataDir, 'worktrees', id, '.git'))).toBe(true);
    await step('editor', id, 'close');
    expect((await call('DELETE', `/api/changes/${id}`, { session: as('reviewer') })).status).toBe(403);
    expect((await call('DELETE', `/api/changes/${id}`, { session: as('editor') })).status).toBe(204);
    expect((await call('GET', `/api/changes/${id}`, { session: as('editor') })).status).toBe(404);
    // A tab still open on it: its save and its editor's pages are not found, said so.
    const save = await call('POST', `/changes/${id}/edit/api/save`, { session: as('editor'), body: {} });
    expect([save.status, save.json.message]).toEqual([404, expect.stringMatching(/no such change set/i)]);
    expect(repoGit(['rev-parse', `refs/closed/${id}`]).trim()).toBe(head);
    // The team's remote carries it aside too (the mirror pushes in the background).
    const onRemote = () => host.git(host.remote, ['for-each-ref', '--format=%(refname) %(objectname)', 'refs/editor/']);
    await expect.poll(onRemote, { timeout: 60_000 }).toContain(`refs/editor/closed/${id} ${head}`);
    expect(onRemote()).not.toContain(`refs/heads/editor/changes/${id}`);
  });

  test('a closed change set whose worktree cannot be made again: its editor’s request is answered, not left open', async () => {
    const id = await changeSetWithASave('editor', 'Unopenable');
    await step('editor', id, 'close');
    const worktree = join(host.dataDir, 'worktrees', id);
    // Gone from disk and from git's list of worktrees (pruned just after its folder is removed).
    await expect
      .poll(() => existsSync(worktree) || repoGit(['worktree', 'list', '--porcelain']).includes(worktree), { timeout: 60_000 })
      .toBe(false);
    // Its branch checked out elsewhere: git refuses the worktree the editor makes again at the next read.
    const elsewhere = join(host.root, `elsewhere-${id}`);
    repoGit(['worktree', 'add', '--quiet', elsewhere, `changes/${id}`]);
    try {
      const answer = await fetch(`${host.editor.url}/changes/${id}/edit/api/documents`, {
        headers: { cookie: as('editor').cookie },
        signal: AbortSignal.timeout(60_000),
      });
      expect(answer.status).toBe(500);
    } finally {
      repoGit(['worktree', 'remove', '--force', elsewhere]);
    }
  });

  test('each new step: refused without a session (401) and from another origin (403), changing nothing', async () => {
    const id = await changeSetWithASave('editor', 'Probed');
    await step('editor', id, 'submit');
    const steps: [string, string, unknown][] = [
      ['POST', `/api/changes/${id}/request-changes`, { comment: 'x' }],
      ['POST', `/api/changes/${id}/withdraw`, {}],
      ['POST', `/api/changes/${id}/close`, {}],
      ['POST', `/api/changes/${id}/reopen`, {}],
      ['DELETE', `/api/changes/${id}`, undefined],
    ];
    for (const [method, path, body] of steps) {
      expect((await call(method, path, { body })).status, `${method} ${path}`).toBe(401);
      const who = path.endsWith('request-changes') ? 'reviewer' : 'editor';
      expect((await call(method, path, { session: as(who), body, origin: 'https://evil.example' })).status, path).toBe(403);
      expect((await call(method, path, { session: as(who), body, csrf: false })).status, path).toBe(403);
    }
    expect(await statusOf(id)).toBe('submitted');
  });
});
