/**
 * A content worker stuck over a save's plan or a field-by-field merge (test-only hooks EDITOR_TEST_HANG_IN_PLAN and
 * EDITOR_TEST_HANG_IN_MERGE make it loop for ever there), over HTTP against the real server and real git: after
 * EDITOR_CONTENT_TIMEOUT_SECONDS the request answers 503 in words with nothing written, others are answered
 * meanwhile, the worker is replaced, and the change set's queue is free (its next save is a commit). The merge runs
 * in a content worker: a publish whose merge hangs there is such a 503, with nothing published.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { editorClient, type EditorHost, type EditorSession, PEOPLE, smallSite, startEditorHost } from '../../test-support/editor-host';

const TIMEOUT_SECONDS = 3;

let host: EditorHost;
let client: ReturnType<typeof editorClient>;
let editor: EditorSession;
let reviewer: EditorSession;

beforeAll(async () => {
  host = await startEditorHost('editor-worker-timeout', {
    content: smallSite({ also: ['careers.json'] }),
    env: {
      EDITOR_CONTENT_WORKERS: '1',
      EDITOR_CONTENT_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
      EDITOR_TEST_HANG_IN_PLAN: 'careers.json',
      EDITOR_TEST_HANG_IN_MERGE: 'pages-json/story.json',
    },
  });
  client = editorClient(host.editor.url);
  editor = await client.signIn(PEOPLE.editor.email);
  reviewer = await client.signIn(PEOPLE.reviewer.email);
});

afterAll(() => host?.stop());

const gitDir = () => `${host.dataDir}/repo.git`;
const editorGit = (args: string[]) => host.git(host.root, ['--git-dir', gitDir(), ...args]).trim();

async function newChangeSet(title: string): Promise<string> {
  const answer = await client.call('POST', '/api/changes', { session: editor, body: { title } });
  expect(answer.status).toBe(201);
  return answer.json.id as string;
}

async function change(id: string, file: string, edit: (doc: { blocks: Record<string, unknown>[] }) => void) {
  const opened = await client.call('GET', `/changes/${id}/edit/api/document?file=${file}`, { session: editor });
  expect(opened.status, opened.text).toBe(200);
  const doc = JSON.parse(opened.json.text as string) as { blocks: Record<string, unknown>[] };
  edit(doc);
  return client.call('POST', `/changes/${id}/edit/api/save`, { session: editor, body: { file, doc, baseHash: opened.json.hash } });
}

test('a save whose plan hangs answers 503 in words after the timeout, writes nothing, and the next save is a commit', async () => {
  const id = await newChangeSet('A stuck save');
  const stuck = change(id, 'careers.json', (doc) => (doc.blocks[0].heading = 'Never saved'));
  // Another person is answered while the worker is stuck (the event loop is free).
  expect((await client.call('GET', '/api/changes', { session: reviewer })).status).toBe(200);

  const answer = await stuck;
  expect(answer.status, answer.text).toBe(503);
  expect(answer.text).toContain(`took longer than ${TIMEOUT_SECONDS} s`);
  expect(answer.text).toContain('nothing of it was saved');
  expect(editorGit(['rev-list', '--count', `changes/${id}`, '^main'])).toBe('0');
  expect(host.git(`${host.dataDir}/worktrees/${id}`, ['status', '--porcelain']).trim()).toBe('');

  // A new worker reads the change set again, and its queue is free: the next save is a commit.
  const saved = await change(id, 'story.json', (doc) => (doc.blocks[0].heading = 'Saved after the stuck one'));
  expect(saved.status, saved.text).toBe(200);
  expect(saved.json.outcome).toBe('saved');
  expect(editorGit(['rev-list', '--count', `changes/${id}`, '^main'])).toBe('1');
});

test('a publish whose field-by-field merge hangs in the worker answers 503 in words, nothing published', async () => {
  // Two change sets change the story, each its own field: the second's publish merges the story field by field.
  const first = await newChangeSet('Heading');
  const second = await newChangeSet('Subheading');
  expect((await change(first, 'story.json', (doc) => (doc.blocks[0].heading = 'A new heading'))).json.outcome).toBe('saved');
  expect((await change(second, 'story.json', (doc) => (doc.blocks[0].subheading = 'A new subheading'))).json.outcome).toBe('saved');
  for (const id of [first, second]) {
    expect((await client.call('POST', `/api/changes/${id}/submit`, { session: editor })).status).toBe(200);
    expect((await client.call('POST', `/api/changes/${id}/approve`, { session: reviewer })).status).toBe(200);
  }
  const published = await client.call('POST', `/api/changes/${first}/publish`, { session: reviewer });
  expect(published.json.outcome, published.text).toBe('published');
  const head = editorGit(['rev-parse', 'main']);

  const stuck = await client.call('POST', `/api/changes/${second}/publish`, { session: reviewer });
  expect(stuck.status, stuck.text).toBe(503);
  expect(stuck.json.message).toContain(`merging pages-json/story.json took longer than ${TIMEOUT_SECONDS} s`);
  expect(stuck.json.message).toContain('nothing was changed');
  expect(editorGit(['rev-parse', 'main'])).toBe(head);
  expect((await client.call('GET', `/api/changes/${second}`, { session: reviewer })).json.status).toBe('approved');
});
