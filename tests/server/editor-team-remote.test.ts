/**
 * The hosted editor with the team's repository (EDITOR_GIT_REMOTE, a real bare remote): a developer's push merged
 * into the next publish (field by field, validated) and both pushed; the pull route (who may use it, a pull, a
 * conflict shown in words that moves nothing); a push a pre-receive hook refuses, retried until it goes, and again
 * at the next start; each change set's branch on the remote after saves (and gone from it once removed); and a new
 * editor on an empty data folder taking the open change sets back from the remote.
 */
import { existsSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startEditor, type StartedEditor } from '../../src/editor/host/start';
import { freePort } from '../../test-support/free-port';
import { editorClient, type EditorSession, PEOPLE, type PreparedHost, prepareEditorHost, smallSite } from '../../test-support/editor-host';
import { ChangeRepository } from '../../src/editor/host/changes';
import { ANA, git, makeSiteRepos, replaceOnce } from './change-sets-fixture';
import { waitFor } from './helpers';

type Who = keyof typeof PEOPLE;
let prepared: PreparedHost;
let editor: StartedEditor;
let call: ReturnType<typeof editorClient>['call'];
let sessions: Partial<Record<Who, EditorSession>> = {};
const as = (who: Who) => sessions[who]!;

const STORY = 'pages-json/story.json';
const SUBHEADING = 'Our mission is to end spam.';
const editorGit = (args: string[]) => git(prepared.root, ['--git-dir', join(prepared.dataDir, 'repo.git'), ...args]);
const publishedHead = () => editorGit(['rev-parse', 'main']).trim();
/** The remote's commit at `ref`, empty while it has none. */
function remoteHead(ref = 'main'): string {
  try {
    return git(prepared.root, ['--git-dir', prepared.remote, 'rev-parse', '--verify', '--quiet', ref]).trim();
  } catch {
    return '';
  }
}
const publishedStory = () => readFileSync(join(prepared.dataDir, 'worktrees', 'published', STORY), 'utf8');

/** Starts (or restarts) the editor on `env` and signs everyone in. */
async function start(env: NodeJS.ProcessEnv) {
  editor = await startEditor(env, { logger: false });
  const client = editorClient(env.EDITOR_ORIGIN!);
  call = client.call;
  sessions = {};
  for (const who of Object.keys(PEOPLE) as Who[]) sessions[who] = await client.signIn(PEOPLE[who].email);
}

/** A developer's clone of the remote with one commit pushed: `change` applied to story.json's text. */
function developerPushes(name: string, change: (text: string) => string, message: string): string {
  const clone = join(prepared.root, `${name}-${Date.now()}`);
  git(prepared.root, ['clone', '--quiet', prepared.remote, clone]);
  writeFileSync(join(clone, STORY), change(readFileSync(join(clone, STORY), 'utf8')));
  git(clone, ['commit', '--quiet', '--all', '--message', message]);
  git(clone, ['push', '--quiet', 'origin', 'main']);
  return git(clone, ['rev-parse', 'HEAD']).trim();
}

async function newChangeSet(title: string): Promise<string> {
  const answer = await call('POST', '/api/changes', { session: as('editor'), body: { title } });
  expect(answer.status).toBe(201);
  return answer.json.id as string;
}

async function saveHeading(id: string, heading: string) {
  const base = `/changes/${id}/edit/api`;
  const opened = await call('GET', `${base}/document?file=story.json`, { session: as('editor') });
  const doc = JSON.parse(opened.json.text as string) as { blocks: { heading: string }[] };
  doc.blocks[0].heading = heading;
  const saved = await call('POST', `${base}/save`, {
    session: as('editor'),
    body: { file: 'story.json', doc, baseHash: opened.json.hash },
  });
  expect(saved.json.outcome, JSON.stringify(saved.json)).toBe('saved');
}

/** A change set of the story's heading, saved, submitted, approved and published: the publish's answer. */
async function publishHeading(title: string, heading: string) {
  const id = await newChangeSet(title);
  await saveHeading(id, heading);
  expect((await call('POST', `/api/changes/${id}/submit`, { session: as('editor') })).status).toBe(200);
  expect((await call('POST', `/api/changes/${id}/approve`, { session: as('reviewer') })).status).toBe(200);
  const published = await call('POST', `/api/changes/${id}/publish`, { session: as('reviewer') });
  expect(published.status, JSON.stringify(published.json)).toBe(200);
  return published.json as { outcome: string; pushed: boolean; summary: string; commit: string; push: { state: string; message: string } };
}

const status = async () =>
  (await call('GET', '/api/site/status', { session: as('translator') })).json as {
    push: { state: string; reason?: string };
    changeSets: unknown;
  };

/** A pre-receive hook on the remote that refuses every push, as a host in maintenance does; returns its removal. */
function refusePushes(): () => void {
  const hook = join(prepared.remote, 'hooks', 'pre-receive');
  writeFileSync(hook, '#!/bin/sh\necho "the repository is read-only for maintenance" >&2\nexit 1\n');
  chmodSync(hook, 0o755);
  return () => rmSync(hook);
}

beforeAll(async () => {
  prepared = await prepareEditorHost('editor-team-remote', { content: smallSite() });
  await start(prepared.env);
});

afterAll(() => editor?.close());

describe('a developer pushed to the team’s repository', () => {
  test('the next publish merges the developer’s commit field by field, validates it, and pushes: the remote has both', async () => {
    const developerCommit = developerPushes(
      'dev',
      (text) => replaceOnce(text, SUBHEADING, 'Our mission: no more spam.'),
      'Shorter mission',
    );
    const answer = await publishHeading('Heading after a push', 'People first, after the push');
    expect(answer).toMatchObject({ outcome: 'published', pushed: true });
    expect(answer.push.message).toMatch(/had new commits: merged in and validated .*Pushed to the team’s repository/);
    // The remote has the developer's commit and the publish, and is where the published branch is.
    expect(remoteHead()).toBe(publishedHead());
    expect(git(prepared.root, ['--git-dir', prepared.remote, 'merge-base', '--is-ancestor', developerCommit, 'main'])).toBe('');
    const remoteStory = git(prepared.root, ['--git-dir', prepared.remote, 'show', `main:${STORY}`]);
    expect(remoteStory).toContain('People first, after the push');
    expect(remoteStory).toContain('Our mission: no more spam.');
    // The published worktree has both, and a new change set starts from them.
    expect(publishedStory()).toContain('Our mission: no more spam.');
    const next = await newChangeSet('After the merge');
    const opened = await call('GET', `/changes/${next}/edit/api/document?file=story.json`, { session: as('editor') });
    expect(opened.json.text).toContain('Our mission: no more spam.');
    expect((await status()).push.state).toBe('pushed');
  });
});

describe('POST /api/site/pull', () => {
  test('refused without a session, to a role without publish, and from another origin; nothing moves', async () => {
    const before = publishedHead();
    developerPushes(
      'dev-refused',
      (text) => replaceOnce(text, 'Our mission: no more spam.', 'Our mission: no spam at all.'),
      'No spam at all',
    );
    expect((await call('POST', '/api/site/pull', { body: {} })).status).toBe(401);
    expect((await call('GET', '/api/site/status')).status).toBe(401);
    expect((await call('POST', '/api/site/pull', { session: as('editor'), body: {} })).status).toBe(403);
    expect((await call('POST', '/api/site/pull', { session: as('reviewer'), body: {}, origin: 'https://evil.example' })).status).toBe(403);
    expect((await call('POST', '/api/site/pull', { session: as('reviewer'), body: {}, csrf: false })).status).toBe(403);
    expect(publishedHead()).toBe(before);
  });

  test('a reviewer brings the editor up to the team’s repository: validated, the published site and its pages have it', async () => {
    const pulled = await call('POST', '/api/site/pull', { session: as('reviewer'), body: {} });
    expect(pulled.status, JSON.stringify(pulled.json)).toBe(200);
    expect(pulled.json).toMatchObject({ outcome: 'pulled', push: { state: 'pushed' } });
    expect(publishedHead()).toBe(remoteHead());
    expect(publishedStory()).toContain('Our mission: no spam at all.');
    const id = await newChangeSet('Sees the pull');
    const page = await call('GET', `/changes/${id}/compare?route=/story&side=before`, { session: as('reviewer') });
    expect(page.text).toContain('Our mission: no spam at all.');
    // Nothing new: said so.
    const again = await call('POST', '/api/site/pull', { session: as('admin'), body: {} });
    expect(again.json).toMatchObject({ outcome: 'up-to-date', push: { state: 'pushed' } });
  });

  test('a developer’s commit that would not validate is refused in words; nothing moves', async () => {
    const before = publishedHead();
    const remoteBefore = developerPushes(
      'dev-invalid',
      (text) => text.replace('"type": "Hero"', '"type": "NoSuchBlock"'),
      'A block that does not exist',
    );
    const pulled = await call('POST', '/api/site/pull', { session: as('reviewer'), body: {} });
    expect(pulled.status).toBe(422);
    expect(pulled.json.message).toMatch(/new commits have errors/);
    expect(publishedHead()).toBe(before);
    expect(remoteHead()).toBe(remoteBefore);
    // The developer puts it right (the remote back where the editor is).
    editorGit(['push', '--quiet', '--force', prepared.remote, 'main:main']);
  });

  test('a conflict between the team’s commits and the published site is shown in words, and nothing moves', async () => {
    const before = publishedHead();
    // A developer rewrote the remote's main from before the last publish, with the heading changed otherwise.
    const clone = join(prepared.root, 'dev-conflict');
    git(prepared.root, ['clone', '--quiet', prepared.remote, clone]);
    git(clone, ['reset', '--quiet', '--hard', 'HEAD~3']);
    const text = readFileSync(join(clone, STORY), 'utf8');
    writeFileSync(join(clone, STORY), replaceOnce(text, 'Restoring humanity to communication', 'The developer’s heading'));
    git(clone, ['commit', '--quiet', '--all', '--message', 'Heading by a developer']);
    git(clone, ['push', '--quiet', '--force', 'origin', 'main']);
    const remoteBefore = remoteHead();

    const pulled = await call('POST', '/api/site/pull', { session: as('reviewer'), body: {} });
    expect(pulled.status, JSON.stringify(pulled.json)).toBe(409);
    expect(pulled.json.conflicts).toEqual([
      expect.objectContaining({
        file: STORY,
        where: 'Hero › Heading',
        published: expect.stringContaining('People first'),
        changeSet: '“The developer’s heading”',
      }),
    ]);
    expect(pulled.json.message).toMatch(/conflict with the published site .*Hero › Heading.*nothing moved/);
    expect(publishedHead()).toBe(before);
    expect(remoteHead()).toBe(remoteBefore);
    expect((await status()).push).toMatchObject({ state: 'conflicts' });
    editorGit(['push', '--quiet', '--force', prepared.remote, 'main:main']);
  });
});

describe('a push that fails', () => {
  test('is retried in the background, shown as retrying with the reason, and goes once the remote takes pushes again', async () => {
    const allow = refusePushes();
    const answer = await publishHeading('Published while the remote refuses', 'People first, retried');
    expect(answer.pushed).toBe(false);
    expect(answer.push.message).toMatch(/Not pushed yet, retrying: .*pre-receive hook declined/);
    expect((await status()).push).toMatchObject({ state: 'retrying', reason: expect.stringMatching(/pre-receive hook declined/) });
    expect(remoteHead()).not.toBe(publishedHead());
    allow();
    await waitFor('the retried push', async () => (await status()).push.state === 'pushed');
    expect(remoteHead()).toBe(publishedHead());
  });

  test('and again at the next start, when it stopped unpushed', async () => {
    const allow = refusePushes();
    const answer = await publishHeading('Published before a restart', 'People first, restarted');
    expect(answer.push.message).toMatch(/Not pushed yet, retrying/);
    await editor.close();
    allow();
    expect(remoteHead()).not.toBe(publishedHead());
    await start(prepared.env);
    await waitFor('the push at start', async () => (await status()).push.state === 'pushed');
    expect(remoteHead()).toBe(publishedHead());
  });
});

describe('unpublished work on the remote', () => {
  let id: string;
  test('each change set’s branch is on the remote after its saves, with its record', async () => {
    id = await newChangeSet('Spring prices, kept safe');
    await saveHeading(id, 'Saved once');
    await saveHeading(id, 'Saved twice');
    const head = editorGit(['rev-parse', `changes/${id}`]).trim();
    await waitFor('the change set on the remote', () => remoteHead(`refs/heads/editor/changes/${id}`) === head);
    const record = git(prepared.root, ['--git-dir', prepared.remote, 'show', `refs/editor/reviews/${id}:record.json`]);
    expect(JSON.parse(record)).toMatchObject({ id, title: 'Spring prices, kept safe', owner: { name: 'Ana Lima' } });
    expect((await status()).changeSets).toMatchObject({ waiting: 0, failures: 0 });
  });

  test('a new editor on an empty data folder takes the open change sets back, with their commits', async () => {
    await editor.close();
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    await start({ ...prepared.env, EDITOR_DATA_DIR: join(prepared.root, 'new-disk'), EDITOR_PORT: String(port), EDITOR_ORIGIN: origin });
    // It brings its published branch up to the team's repository (EDITOR_REPO here is older).
    await waitFor('the new editor up to the remote', async () => (await status()).push.state === 'pushed');
    const list = (await call('GET', '/api/changes', { session: as('reviewer') })).json as unknown as { id: string; title: string }[];
    expect(list.map((entry) => entry.title)).toContain('Spring prices, kept safe');
    // Published change sets hold nothing unpublished: not taken back.
    expect(list.map((entry) => entry.title)).not.toContain('Heading after a push');
    const detail = await call('GET', `/api/changes/${id}`, { session: as('reviewer') });
    expect(detail.status).toBe(200);
    expect(detail.json).toMatchObject({ title: 'Spring prices, kept safe', commits: 2 });
    const opened = await call('GET', `/changes/${id}/edit/api/document?file=story.json`, { session: as('editor') });
    expect(opened.json.text).toContain('Saved twice');
  });
});

describe('a removed change set', () => {
  test('goes from the remote too', async () => {
    const repos = makeSiteRepos('editor-mirror-removal');
    const repo = await ChangeRepository.open({ source: repos.checkout, dataDir: repos.dataDir, publishRemote: repos.remote });
    const onRemote = (ref: string) => {
      try {
        return git(repos.root, ['--git-dir', repos.remote, 'rev-parse', '--verify', '--quiet', ref]).trim();
      } catch {
        return '';
      }
    };
    const changeSet = await repo.create('Dropped later', ANA);
    const saved = await repo.commit(changeSet.id, { files: { 'pages-json/extra.json': '{}\n' }, author: ANA });
    await waitFor('the branch on the remote', () => onRemote(`refs/heads/editor/changes/${changeSet.id}`) === saved.sha);
    expect(onRemote(`refs/editor/reviews/${changeSet.id}`)).not.toBe('');
    await repo.remove(changeSet.id);
    await waitFor('the branch gone from the remote', () => onRemote(`refs/heads/editor/changes/${changeSet.id}`) === '');
    expect(onRemote(`refs/editor/reviews/${changeSet.id}`)).toBe('');
    await repo.close();
  });

  test('stopped between its refs and its folder, before the remote heard: the next start takes it back whole', async () => {
    const repos = makeSiteRepos('editor-mirror-removal-stopped');
    const repo = await ChangeRepository.open({ source: repos.checkout, dataDir: repos.dataDir, publishRemote: repos.remote });
    const changeSet = await repo.create('Stopped while removed', ANA);
    const saved = await repo.commit(changeSet.id, { files: { 'pages-json/extra.json': '{}\n' }, author: ANA });
    const onRemote = () =>
      git(repos.root, ['--git-dir', repos.remote, 'for-each-ref', '--format=%(objectname)', 'refs/heads/editor/changes/']).trim();
    await waitFor('the branch on the remote', () => onRemote() === saved.sha);
    await repo.close();
    // What the removal's refs move did before the stop: its branch and record gone here, its folder left.
    const gitDir = join(repos.dataDir, 'repo.git');
    for (const ref of [`refs/heads/changes/${changeSet.id}`, `refs/reviews/${changeSet.id}`])
      git(repos.root, ['--git-dir', gitDir, 'update-ref', '-d', ref]);
    expect(existsSync(join(repos.dataDir, 'worktrees', changeSet.id))).toBe(true);
    // The folder is removed before the remote's change sets are fetched: git fetches into no branch a worktree holds.
    const again = await ChangeRepository.open({ source: repos.checkout, dataDir: repos.dataDir, publishRemote: repos.remote });
    expect(again.opened.takeBackError).toBeUndefined();
    expect(again.opened.takenBack).toBe(1);
    expect((await again.get(changeSet.id)).head).toBe(saved.sha);
    await again.close();
  });
});
