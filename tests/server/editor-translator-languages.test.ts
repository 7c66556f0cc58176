/**
 * A translator's languages, enforced by the hosted editor's server (issue 50 item 7): the session says which they are;
 * a translation saved or drafted into another language, and any English document, is refused 403 in words and
 * changes nothing; their own language saves as before; without a session or from another origin the save is refused
 * as every change is.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { editorClient, type EditorHost, type EditorSession, smallSite, startEditorHost } from '../../test-support/editor-host';

const SPANISH = { name: 'Sofía Castro', email: 'sofia@reachwell.example', role: 'translator', languages: 'es' };

let host: EditorHost;
let call: ReturnType<typeof editorClient>['call'];
let sofia: EditorSession;
let id: string;

const branchLog = () =>
  host.git(host.remote, ['--git-dir', join(host.dataDir, 'repo.git'), 'log', '--format=%an|%s', `changes/${id}`, '^main']);

/** A translation of story.json as opened, and its first text changed to `text`. */
async function translationSave(locale: string, text: string, options: { session?: EditorSession; origin?: string; csrf?: boolean } = {}) {
  const opened = await call('GET', `/changes/${id}/edit/api/translation?file=story.json&locale=${locale}`, { session: sofia });
  expect(opened.status).toBe(200);
  const first = (opened.json.texts as { key: string; text: string }[]).find((entry) => entry.text)!;
  return call('POST', `/changes/${id}/edit/api/translation-save`, {
    session: sofia,
    ...options,
    body: { file: 'story.json', locale, texts: { [first.key]: text }, baseHash: opened.json.hash },
  });
}

beforeAll(async () => {
  host = await startEditorHost('editor-translator-languages', { accounts: [SPANISH], content: smallSite({ languages: true }) });
  const client = editorClient(host.editor.url);
  call = client.call;
  sofia = await client.signIn(SPANISH.email);
  const created = await call('POST', '/api/changes', { session: sofia, body: { title: 'Spanish story' } });
  expect(created.status).toBe(201);
  id = created.json.id as string;
});

afterAll(() => host?.stop());

describe('a translator for Spanish', () => {
  test('the session answer names their languages', async () => {
    const session = await call('GET', '/api/session', { session: sofia });
    expect(session.json).toMatchObject({ role: 'translator', languages: ['es'] });
  });

  test('may not save or draft the German translation, nor an English document: 403 in words, nothing committed', async () => {
    const german = await translationSave('de', 'Menschen zuerst');
    expect(german.status).toBe(403);
    expect(german.json.message).toBe(
      'You translate into es only, so you may not change the de translation: ask an admin to add de to your languages.',
    );
    const draft = await call('POST', `/changes/${id}/edit/api/translation-draft`, {
      session: sofia,
      body: { file: 'story.json', locale: 'de', texts: {} },
    });
    expect(draft.status).toBe(403);

    const opened = await call('GET', `/changes/${id}/edit/api/document?file=story.json`, { session: sofia });
    const english = await call('POST', `/changes/${id}/edit/api/save`, {
      session: sofia,
      body: { file: 'story.json', doc: JSON.parse(opened.json.text as string), baseHash: opened.json.hash },
    });
    expect(english.status).toBe(403);
    expect(english.json.message).toMatch(/translator.*may not change pages/);
    expect((await call('POST', `/changes/${id}/edit/api/new-page`, { session: sofia, body: {} })).status).toBe(403);
    expect(branchLog()).toBe('');
  });

  test('saves the Spanish translation, but not without a session, its CSRF token, or from another origin', async () => {
    expect((await translationSave('es', 'Sin sesión', { session: undefined })).status).toBe(401);
    expect((await translationSave('es', 'Sin token', { csrf: false })).status).toBe(403);
    expect((await translationSave('es', 'De fuera', { origin: 'https://evil.example' })).status).toBe(403);
    expect(branchLog()).toBe('');

    const saved = await translationSave('es', 'Las personas primero');
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(branchLog()).toMatch(/^Sofía Castro\|/);
  });
});
