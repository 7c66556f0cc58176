/**
 * The review cache keeps only what was rendered from exactly the content it is keyed by (issue 50). Committed saves
 * are validated, but a developer's commit can bring errors: while a change set's content has errors its content worker
 * renders the last valid version in its place, and that rendering must not be kept under the broken content's tree,
 * or the same broken content seen again later (a revert) shows a version that is no longer the last valid one.
 */
import { readFileSync, rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ReviewAnswer } from '../../src/editor/hosted-protocol';
import { editorClient, PEOPLE, startEditorHost, type EditorHost, type EditorSession } from '../../test-support/editor-host';
import { storySite } from '../../test-support/synthetic-site';

const site = mkdtempSync(join(tmpdir(), 'review-cache-errors-site-'));
const content = storySite(6, site);
let host: EditorHost;
let call: ReturnType<typeof editorClient>['call'];
let ana: EditorSession;
let rita: EditorSession;

beforeAll(async () => {
  host = await startEditorHost('editor-review-cache-errors', { content });
  const client = editorClient(host.editor.url);
  call = client.call;
  [ana, rita] = await Promise.all([client.signIn(PEOPLE.editor.email), client.signIn(PEOPLE.reviewer.email)]);
}, 180_000);

afterAll(async () => {
  await host?.stop();
  rmSync(site, { recursive: true, force: true });
});

interface Story {
  meta: { title: string };
  blocks: { type: string }[];
}

test('a review of content with errors is not kept as that content’s: the same broken content later shows the last valid version of then', async () => {
  const created = await call('POST', '/api/changes', { session: ana, body: { title: 'Story title' } });
  expect(created.status).toBe(201);
  const id = created.json.id as string;
  const worktree = join(host.dataDir, 'worktrees', id);
  const story = join(worktree, 'pages-json', 'story.json');
  /** A developer's commit on the change set's branch, in its worktree: not validated as a save is. */
  const commit = (message: string, edit: (doc: Story) => void) => {
    const doc = JSON.parse(readFileSync(story, 'utf8')) as Story;
    edit(doc);
    writeFileSync(story, `${JSON.stringify(doc, null, 2)}\n`);
    host.git(worktree, ['commit', '--quiet', '--all', '--message', message]);
    return host.git(worktree, ['rev-parse', 'HEAD']).trim();
  };
  const opened = async () => {
    const [answer, after] = await Promise.all([
      call('GET', `/api/changes/${id}/review`, { session: rita }),
      call('GET', `/changes/${id}/compare?route=/story&side=after`, { session: rita }),
    ]);
    expect(answer.status, answer.text).toBe(200);
    const review = answer.json as unknown as ReviewAnswer;
    return { titles: review.pages.map((page) => page.title), after: after.text };
  };

  commit('First telling', (doc) => void (doc.meta.title = 'First telling | Reachwell'));
  expect((await opened()).titles).toContain('First telling');

  // Broken: the content worker renders the last valid version (the first telling) in its place.
  const broken = commit('Broken telling', (doc) => {
    doc.meta.title = 'Broken telling | Reachwell';
    doc.blocks[0].type = 'NoSuchBlock';
  });
  const whileBroken = await opened();
  expect(whileBroken.titles).toContain('First telling');

  commit('Third telling', (doc) => {
    doc.meta.title = 'Third telling | Reachwell';
    doc.blocks[0].type = 'Hero';
  });
  expect((await opened()).titles).toContain('Third telling');
  expect((await opened()).after).toContain('<title>Third telling | Reachwell</title>');

  // The broken content again, exactly (its tree is the one seen broken): the last valid version is now the third.
  host.git(worktree, ['checkout', broken, '--', 'pages-json']);
  host.git(worktree, ['commit', '--quiet', '--all', '--message', 'Broken again']);
  const again = await opened();
  expect(again.titles).toContain('Third telling');
  expect(again.titles).not.toContain('First telling');
  expect(again.after).toContain('<title>Third telling | Reachwell</title>');
});
