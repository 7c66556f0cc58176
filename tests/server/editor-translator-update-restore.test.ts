/**
 * A translator's languages hold beyond the editor's saves (issue 50 item 7): bringing a change set up to date with a
 * choice for a translation in another language, and restoring a version of one, are refused 403 in words and change
 * nothing; the same steps for their own language go through. Without a session (401), in a role that may not change
 * the document (403) or from another origin (403), each is refused as every change is.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { editorClient, type EditorHost, type EditorSession, smallSite, startEditorHost } from '../../test-support/editor-host';

const SPANISH = { name: 'Sofía Castro', email: 'sofia@reachwell.example', role: 'translator', languages: 'es' };
const GERMAN_FILE = 'pages-json/_translations/de/story.json';
const SPANISH_FILE = 'pages-json/_translations/es/story.json';
const REFUSAL = 'You translate into es only, so you may not change the de translation: ask an admin to add de to your languages.';

let host: EditorHost;
let call: ReturnType<typeof editorClient>['call'];
let sofia: EditorSession;
let id: string;
/** The published version of each file, to restore. */
const versions: Record<string, string> = {};

const branchLog = () =>
  host.git(host.remote, ['--git-dir', join(host.dataDir, 'repo.git'), 'log', '--format=%an|%s', `changes/${id}`, '^main']);

const update = (file: string, options: { session?: EditorSession; origin?: string } = { session: sofia }) =>
  call('POST', `/api/changes/${id}/update`, { ...options, body: { choices: { [file]: { 'blocks.0.heading': 'published' } } } });

const restore = (file: string, options: { session?: EditorSession; origin?: string } = { session: sofia }) =>
  call('POST', `/api/changes/${id}/restore`, { ...options, body: { file, sha: versions[file] } });

beforeAll(async () => {
  host = await startEditorHost('editor-translator-update-restore', { accounts: [SPANISH], content: smallSite({ languages: true }) });
  const client = editorClient(host.editor.url);
  call = client.call;
  sofia = await client.signIn(SPANISH.email);
  const created = await call('POST', '/api/changes', { session: sofia, body: { title: 'Spanish story' } });
  expect(created.status).toBe(201);
  id = created.json.id as string;
  for (const file of [GERMAN_FILE, SPANISH_FILE, 'pages-json/story.json']) {
    const history = await call('GET', `/api/history?file=${encodeURIComponent(file)}`, { session: sofia });
    expect(history.status).toBe(200);
    versions[file] = (JSON.parse(history.text) as { sha: string }[])[0].sha;
  }
});

afterAll(() => host?.stop());

describe('a translator for Spanish bringing a change set up to date', () => {
  test('is refused a choice for the German translation, in words, and nothing changes', async () => {
    const refused = await update(GERMAN_FILE);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(REFUSAL);
    expect(branchLog()).toBe('');
  });

  test('is refused a choice for an English page by their role', async () => {
    const refused = await update('pages-json/story.json');
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/translator.*edit-structure/);
  });

  test('without a session, or from another origin, is refused; a choice for Spanish goes through', async () => {
    expect((await update(SPANISH_FILE, {})).status).toBe(401);
    expect((await update(SPANISH_FILE, { session: sofia, origin: 'https://evil.example' })).status).toBe(403);
    const spanish = await update(SPANISH_FILE);
    expect(spanish.status, JSON.stringify(spanish.json)).toBe(200);
  });
});

describe('a translator for Spanish restoring a version', () => {
  test('is refused the German translation, in words, and nothing changes', async () => {
    const refused = await restore(GERMAN_FILE);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(REFUSAL);
    expect(branchLog()).toBe('');
  });

  test('is refused an English page by their role', async () => {
    const refused = await restore('pages-json/story.json');
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/translator.*edit-structure/);
  });

  test('without a session, or from another origin, is refused; the Spanish translation is restored', async () => {
    // A save in Spanish first, so the published version is one to go back to.
    const opened = await call('GET', `/changes/${id}/edit/api/translation?file=story.json&locale=es`, { session: sofia });
    const first = (opened.json.texts as { key: string; text: string }[]).find((entry) => entry.text)!;
    const saved = await call('POST', `/changes/${id}/edit/api/translation-save`, {
      session: sofia,
      body: { file: 'story.json', locale: 'es', texts: { [first.key]: 'Las personas primero' }, baseHash: opened.json.hash },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);

    expect((await restore(SPANISH_FILE, {})).status).toBe(401);
    expect((await restore(SPANISH_FILE, { session: sofia, origin: 'https://evil.example' })).status).toBe(403);
    const restored = await restore(SPANISH_FILE);
    expect(restored.status, JSON.stringify(restored.json)).toBe(200);
    expect(branchLog().trim().split('\n')).toHaveLength(2);
  });
});
