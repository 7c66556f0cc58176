/**
 * Nobody waits for anyone (issue 49): the editor's server, run as `npm run editor` runs it (a process of its own,
 * bundled by run-bundled.mjs), answers a colleague's request while a change set's whole site is being validated, and
 * refuses a document or a draft larger than it takes (413, 422) in words.
 *
 * Validation is held in progress by a FIFO: the change set's `_site.json` becomes a link to a named pipe, so reading
 * the site stops until the test writes the file's text into the pipe. Opening the pipe for writing returns once the
 * server opened it for reading: the validation is then in progress, and stays so until the test lets it go.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, renameSync, symlinkSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DOCUMENT_LIMITS } from '../../src/editor/server/document-limits';
import { editorClient, PEOPLE, prepareEditorHost, type EditorSession, type PreparedHost } from '../../test-support/editor-host';

let host: PreparedHost;
let server: ChildProcess;
let client: ReturnType<typeof editorClient>;
let editor: EditorSession;
let reviewer: EditorSession;

/** How long the held validation waits for the colleague's answer before letting go (the test then fails): a guard, not a measure. */
const GUARD_MS = 30_000;

beforeAll(async () => {
  host = await prepareEditorHost('editor-nobody-waits');
  server = spawn(process.execPath, ['scripts/tools/run-bundled.mjs', 'scripts/tools/editor.ts'], { env: host.env, stdio: 'ignore' });
  client = editorClient(host.origin);
  for (let started = false; !started;) {
    started = await fetch(`${host.origin}/sign-in`).then(
      (response) => response.ok,
      () => false,
    );
    if (!started) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  editor = await client.signIn(PEOPLE.editor.email);
  reviewer = await client.signIn(PEOPLE.reviewer.email);
});

afterAll(() => {
  server?.kill('SIGTERM');
});

async function newChangeSet(title: string): Promise<string> {
  const answer = await client.call('POST', '/api/changes', { session: editor, body: { title } });
  expect(answer.status).toBe(201);
  return answer.json.id as string;
}

describe('nobody waits for anyone', () => {
  test('a colleague is answered while a change set’s whole site is being validated', async () => {
    const id = await newChangeSet('Held validation');
    const content = join(host.dataDir, 'worktrees', id, 'pages-json');
    const siteFile = join(content, '_site.json');
    const siteText = readFileSync(siteFile, 'utf8');
    const pipe = join(content, 'site.fifo');
    execFileSync('mkfifo', [pipe]);
    renameSync(siteFile, join(content, 'site.json.kept'));
    symlinkSync('site.fifo', siteFile);

    // The editor opens the change set: its whole site is read and validated, and the reading stops at the pipe.
    const documents = client.call('GET', `/changes/${id}/edit/api/documents`, { session: editor });
    const writer = await open(pipe, 'w'); // returns once the server is reading the site
    let validated = false;
    void documents.then(() => (validated = true));

    const colleague = client.call('GET', '/api/session', { session: reviewer }).then((answer) => ({ answer, validated }));
    let guard: NodeJS.Timeout | undefined;
    const heldOut = new Promise<'held out'>((resolve) => (guard = setTimeout(() => resolve('held out'), GUARD_MS)));
    const first = await Promise.race([colleague, heldOut]);
    clearTimeout(guard);

    // Let the validation go on: later reads find the file itself.
    renameSync(join(content, 'site.json.kept'), siteFile);
    await writer.writeFile(siteText);
    await writer.close();
    const listed = await documents;

    expect(first, 'the colleague’s request waited for the validation to finish').not.toBe('held out');
    expect(first).toMatchObject({ validated: false, answer: { status: 200 } });
    expect(listed.status).toBe(200);
  });

  test('a draft larger than the editor takes is refused with 413, in words, and the editor goes on', async () => {
    const id = await newChangeSet('Too large');
    const opened = await client.call('GET', `/changes/${id}/edit/api/document?file=story.json`, { session: editor });
    const doc = JSON.parse(opened.json.text as string) as Record<string, unknown>;
    doc.meta = { ...(doc.meta as object), description: 'x'.repeat(DOCUMENT_LIMITS.bytes + 1) };
    const answer = await client.call('POST', `/changes/${id}/edit/api/draft`, { session: editor, body: { file: 'story.json', doc } });
    expect(answer.status).toBe(413);
    expect(answer.json.message).toMatch(/^This is too large for the editor: 1\.0 MB, and a document can be at most 1\.0 MB/);
    // Nothing of it was kept: the same person's next draft is answered.
    const next = await client.call('POST', `/changes/${id}/edit/api/draft`, {
      session: editor,
      body: { file: 'story.json', doc: JSON.parse(opened.json.text as string) },
    });
    expect(next.status).toBe(200);
  });

  test('a page with more sections, or a list with more items, than the editor takes is refused with 422, in words', async () => {
    const id = await newChangeSet('Too many');
    const opened = await client.call('GET', `/changes/${id}/edit/api/document?file=story.json`, { session: editor });
    const doc = JSON.parse(opened.json.text as string) as { blocks: unknown[] };
    const sections = { ...doc, blocks: Array.from({ length: DOCUMENT_LIMITS.blocks + 1 }, () => doc.blocks[0]) };
    for (const endpoint of ['draft', 'check', 'save']) {
      const answer = await client.call('POST', `/changes/${id}/edit/api/${endpoint}`, {
        session: editor,
        body: { file: 'story.json', doc: sections, baseHash: opened.json.hash },
      });
      expect(answer.status, endpoint).toBe(422);
      expect(answer.json.message, endpoint).toBe(
        `This page has 201 sections, and a page can have at most 200 (the site's fullest has 15). Split it into several pages.`,
      );
    }
    const list = {
      ...doc,
      blocks: [{ ...(doc.blocks[0] as object), items: Array.from({ length: DOCUMENT_LIMITS.listItems + 1 }, () => 'x') }],
    };
    const answer = await client.call('POST', `/changes/${id}/edit/api/draft`, { session: editor, body: { file: 'story.json', doc: list } });
    expect(answer.status).toBe(422);
    expect(answer.json.message).toBe(
      'A list in this document (blocks › 1 › items) has 1,001 items, and a list can have at most 1,000. Split it, or move its items into a collection.',
    );
    // Nothing was saved.
    const log = execFileSync('git', ['--git-dir', join(host.dataDir, 'repo.git'), 'log', '--format=%s', `changes/${id}`, '^main'], {
      encoding: 'utf8',
    });
    expect(log).toBe('');
  });
});
