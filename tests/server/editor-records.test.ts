/**
 * A change set's record (title, owner, status, comments, approvals, published commit) is kept in git beside its
 * branch (`refs/reviews/<id>`). The JSON files of an older editor are taken over at start with nothing lost; one
 * that cannot be read, or a record whose git object is damaged, is an error naming it: its page and actions answer
 * that error and change nothing (never a fresh draft), and the other change sets work as before.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { editorClient, PEOPLE, prepareEditorHost, type PreparedHost } from '../../test-support/editor-host';
import { startEditor, type StartedEditor } from '../../src/editor/host/start';

let running: StartedEditor | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function start(host: PreparedHost) {
  await running?.close();
  running = await startEditor(host.env, { logger: false });
  const { signIn, call } = editorClient(host.origin);
  return { call, editor: await signIn(PEOPLE.editor.email), reviewer: await signIn(PEOPLE.reviewer.email) };
}

const editorGit = (host: PreparedHost, args: string[]) =>
  spawnSync('git', ['--git-dir', join(host.dataDir, 'repo.git'), ...args], { encoding: 'utf8' }).stdout.trim();

/** Two change sets with a comment each; the editor stopped. */
async function twoChangeSets(host: PreparedHost) {
  const team = await start(host);
  const ids: string[] = [];
  for (const title of ['Kept', 'Damaged']) {
    const made = await team.call('POST', '/api/changes', { session: team.editor, body: { title } });
    ids.push(made.json.id as string);
    await team.call('POST', `/api/changes/${made.json.id as string}/comments`, { session: team.reviewer, body: { body: `On ${title}` } });
  }
  await running!.close();
  running = undefined;
  return { kept: ids[0], damaged: ids[1] };
}

/** The change set's record as an older editor kept it: two JSON files, and no record in git. */
function asOlderEditor(host: PreparedHost, id: string, review: string) {
  const record = JSON.parse(editorGit(host, ['cat-file', 'blob', `refs/reviews/${id}:record.json`])) as Record<string, unknown>;
  editorGit(host, ['update-ref', '-d', `refs/reviews/${id}`]);
  mkdirSync(join(host.dataDir, 'branches'), { recursive: true });
  mkdirSync(join(host.dataDir, 'change-sets'), { recursive: true });
  const { title, owner, createdAt } = record;
  writeFileSync(join(host.dataDir, 'branches', `${id}.json`), JSON.stringify({ id, title, owner, createdAt }));
  writeFileSync(join(host.dataDir, 'change-sets', `${id}.json`), review);
}

const olderReview = (id: string) =>
  JSON.stringify({
    id,
    status: 'published',
    updatedAt: '2026-11-30T10:00:00.000Z',
    comments: [1, 2, 3].map((n) => ({ author: PEOPLE.reviewer, date: '2026-11-30T09:00:00.000Z', body: `Comment ${n}` })),
    approvals: [{ by: { name: PEOPLE.reviewer.name, email: PEOPLE.reviewer.email }, date: '2026-11-30T09:30:00.000Z' }],
    publishedCommit: 'abc1234',
  });

describe('records an older editor kept as JSON files', () => {
  test('are taken into git at start with nothing lost, the files kept as a backup', async () => {
    const host = await prepareEditorHost('editor-records-migrate');
    const { kept } = await twoChangeSets(host);
    asOlderEditor(host, kept, olderReview(kept));
    const team = await start(host);
    const page = await team.call('GET', `/api/changes/${kept}`, { session: team.editor });
    expect(page.status, JSON.stringify(page.json)).toBe(200);
    expect(page.json).toMatchObject({ status: 'published', title: 'Kept' });
    expect((page.json.comments as unknown[]).length).toBe(3);
    expect((page.json.approvals as unknown[]).length).toBe(1);
    expect(existsSync(join(host.dataDir, 'change-sets', `${kept}.json`))).toBe(false);
    expect(readFileSync(join(host.dataDir, 'migrated-records', 'change-sets', `${kept}.json`), 'utf8')).toBe(olderReview(kept));
    expect(editorGit(host, ['log', '--format=%s', `refs/reviews/${kept}`])).toBe('Kept: migrated from the JSON files of an older editor');
  });

  test('a truncated one is an error naming it, changes nothing, and the other change sets work', async () => {
    const host = await prepareEditorHost('editor-records-truncated');
    const { kept, damaged } = await twoChangeSets(host);
    const truncated = olderReview(damaged).slice(0, 60);
    asOlderEditor(host, damaged, truncated);
    const team = await start(host);

    const page = await team.call('GET', `/api/changes/${damaged}`, { session: team.editor });
    expect(page.status).toBe(500);
    expect(page.json.message).toContain(damaged);
    expect(page.json.message).toContain(join('change-sets', `${damaged}.json`));
    expect(page.json.message).toContain('Nothing was changed');
    // Every step, whether or not it needs more than the record (a comment or a withdrawal writes the record only).
    const steps: [method: 'POST' | 'DELETE', path: string, body?: Record<string, string>][] = [
      ...['submit', 'approve', 'publish', 'withdraw', 'close', 'reopen'].map((action) => ['POST', action] as ['POST', string]),
      ['POST', 'comments', { body: 'On a damaged record' }],
      ['POST', 'request-changes', { comment: 'Plainer' }],
      ['DELETE', 'publish-at'],
    ];
    for (const [method, path, body] of steps) {
      const answer = await team.call(method, `/api/changes/${damaged}/${path}`, { session: team.reviewer, body });
      expect({ path, status: answer.status }).toEqual({ path, status: 500 });
    }
    const edit = await team.call('GET', `/changes/${damaged}/edit/api/document?file=story.json`, { session: team.editor });
    expect(edit.status).toBe(500);
    // Nothing written over it, no fresh draft anywhere.
    expect(readFileSync(join(host.dataDir, 'change-sets', `${damaged}.json`), 'utf8')).toBe(truncated);
    expect(editorGit(host, ['for-each-ref', `refs/reviews/${damaged}`])).toBe('');

    const list = await team.call('GET', '/api/changes', { session: team.editor });
    expect(list.status).toBe(200);
    expect((list.json as unknown as { id: string }[]).map((summary) => summary.id)).toEqual([kept]);
    const comment = await team.call('POST', `/api/changes/${kept}/comments`, { session: team.reviewer, body: { body: 'Still works' } });
    expect(comment.status).toBe(200);
  });
});

describe('a record in git whose object is damaged', () => {
  test('is an error naming the change set and its ref; nothing is written over it', async () => {
    const host = await prepareEditorHost('editor-records-damaged');
    const { kept, damaged } = await twoChangeSets(host);
    const blob = editorGit(host, ['rev-parse', `refs/reviews/${damaged}:record.json`]);
    const commit = editorGit(host, ['rev-parse', `refs/reviews/${damaged}`]);
    const object = join(host.dataDir, 'repo.git', 'objects', blob.slice(0, 2), blob.slice(2));
    // A truncated object file, as a crash of the disk may leave.
    writeFileSync(object, readFileSync(object).subarray(0, 8));
    const team = await start(host);

    const page = await team.call('GET', `/api/changes/${damaged}`, { session: team.editor });
    expect(page.status).toBe(500);
    expect(page.json.message).toContain(`refs/reviews/${damaged}`);
    expect((await team.call('POST', `/api/changes/${damaged}/comments`, { session: team.reviewer, body: { body: 'x' } })).status).toBe(500);
    expect(editorGit(host, ['rev-parse', `refs/reviews/${damaged}`])).toBe(commit);
    expect((await team.call('GET', `/api/changes/${kept}`, { session: team.editor })).json.status).toBe('draft');
    expect((await team.call('GET', '/api/changes', { session: team.editor })).status).toBe(200);
  });
});
