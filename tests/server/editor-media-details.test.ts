/**
 * An image's details in the hosted editor (issue 51 item 1): alt text (or decorative), caption, credit and focal point
 * written into its record are a commit by their author on the change set; a bad field (no alt text and not
 * decorative, a focal point off the image) is refused in words naming the field, and nothing is written. Without a
 * session, with a role that may not edit, without the token or from another origin, it is refused. The alt text's
 * translations (item 2) go through the translation endpoints, into the image's translation file: a translator for
 * Spanish writes the Spanish one and is refused the German one. Two people editing one image's details at once
 * (issue 50): each save names the version it was opened at; a colleague's change of another field is merged and said
 * so, a field both changed is refused (409) naming it, both values and who saved the other.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { editorClient, type EditorHost, type EditorSession, PEOPLE, smallSite, startEditorHost } from '../../test-support/editor-host';

const SPANISH = { name: 'Sofía Castro', email: 'sofia@reachwell.example', role: 'translator', languages: 'es' };

let host: EditorHost;
let call: ReturnType<typeof editorClient>['call'];
let editor: EditorSession;
let sofia: EditorSession;
let rita: EditorSession;
let id: string;

const git = (...args: string[]) => host.git(host.remote, ['--git-dir', join(host.dataDir, 'repo.git'), ...args]);
const branchLog = () => git('log', '--format=%an|%s', `changes/${id}`, '^main');
const recordOnBranch = (file: string) => JSON.parse(git('show', `changes/${id}:pages-json/${file}`)) as Record<string, unknown>;

/** The image as `session`'s editor opened it in the library (its details and their version, `hash`). */
async function opened(session: EditorSession, image = 'story-hero', changeSet = id): Promise<Item | undefined> {
  const library = await call('GET', `/changes/${changeSet}/edit/api/media`, { session });
  return (library.json.items as Item[] | undefined)?.find((item) => item.id === image);
}

interface Item {
  id: string;
  hash: string;
  alt?: string;
  caption?: string;
  credit?: string;
}

/** Details saved as the editor; named from the version opened just before unless the body names its own. */
const details = async (body: Record<string, unknown>, options: { session?: EditorSession; origin?: string; csrf?: boolean } = {}) =>
  call('POST', `/changes/${id}/edit/api/media/details`, {
    session: editor,
    ...options,
    body: { baseHash: typeof body.id === 'string' ? ((await opened(editor, body.id))?.hash ?? 'no such image') : undefined, ...body },
  });

beforeAll(async () => {
  host = await startEditorHost('editor-media-details', {
    accounts: [SPANISH],
    content: smallSite({ also: ['_media/home-hero.json', '_media/home-hero.svg'], languages: true }),
  });
  const client = editorClient(host.editor.url);
  call = client.call;
  editor = await client.signIn(PEOPLE.editor.email);
  sofia = await client.signIn(SPANISH.email);
  rita = await client.signIn(PEOPLE.reviewer.email);
  const created = await call('POST', '/api/changes', { session: editor, body: { title: 'Picture words' } });
  expect(created.status).toBe(201);
  id = created.json.id as string;
});

afterAll(() => host?.stop());

describe("an image's details", () => {
  const good = { id: 'story-hero', alt: 'The founders at a whiteboard', caption: 'Where it started', focus: { x: 0.25, y: 0.6 } };

  test('are refused without a session, to a translator, without the token and from another origin', async () => {
    expect((await details(good, { session: undefined })).status).toBe(401);
    const translator = await details(good, { session: sofia });
    expect(translator.status).toBe(403);
    expect(translator.json.message).toMatch(/translator.*may not change pages/);
    expect((await details(good, { csrf: false })).status).toBe(403);
    expect((await details(good, { origin: 'https://evil.example' })).status).toBe(403);
    expect(branchLog()).toBe('');
  });

  test('without alt text (not decorative) or with a focal point off the image: each field in words, nothing written', async () => {
    const noAlt = await details({ ...good, alt: '   ' });
    expect(noAlt.status).toBe(422);
    expect(noAlt.json).toMatchObject({ outcome: 'refused', fields: { alt: 'Write what the image shows, or mark it decorative.' } });
    const offImage = await details({ ...good, focus: { x: 1.5, y: -0.1 } });
    expect(offImage.status).toBe(422);
    expect(offImage.json.fields).toEqual({ focus: 'The focal point must be on the image: from 0 to 1 across and from 0 to 1 down.' });
    const both = await details({ id: 'story-hero', focus: { x: 'left', y: 0 } });
    expect(Object.keys(both.json.fields as object).sort()).toEqual(['alt', 'focus']);
    expect(both.json.message).toMatch(/^Not saved: Write what the image shows.*The focal point must be on the image/);
    expect((await details({ ...good, id: 'no-such-image' })).status).toBe(404);
    expect(branchLog()).toBe('');
  });

  test('are written into the record as a commit by their author, keeping what the tools measured', async () => {
    const before = JSON.parse(git('show', `main:pages-json/_media/story-hero.json`)) as Record<string, unknown>;
    const saved = await details({ ...good, credit: '  Photo: Reachwell  ' });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json).toMatchObject({ outcome: 'saved', item: { id: 'story-hero', alt: good.alt, focus: good.focus } });
    expect(branchLog()).toMatch(/^Ana Lima\|/);
    expect(git('show', '--name-only', '--format=', `changes/${id}`).trim()).toBe('pages-json/_media/story-hero.json');
    const record = recordOnBranch('_media/story-hero.json');
    expect(record).toEqual({
      ...before,
      alt: good.alt,
      caption: good.caption,
      credit: 'Photo: Reachwell',
      focus: good.focus,
    });

    // Decorative: the alt text goes; an empty caption is removed; no focal point is the centre.
    const decorative = await details({ id: 'story-hero', decorative: true, alt: '', caption: '', focus: null });
    expect(decorative.status).toBe(200);
    const after = recordOnBranch('_media/story-hero.json');
    expect(after.decorative).toBe(true);
    expect(['alt', 'caption', 'focus', 'credit'].filter((key) => key in after)).toEqual([]);
  });
});

describe("two people editing one image's details at once", () => {
  let both: string;
  /** A save of the details as `item` has them (the version opened or last answered), with `changes`. */
  const save = (session: EditorSession, item: Item, changes: Record<string, unknown> = {}) =>
    call('POST', `/changes/${both}/edit/api/media/details`, {
      session,
      body: { id: 'story-hero', baseHash: item.hash, alt: item.alt, caption: item.caption, credit: item.credit, ...changes },
    });
  const itemOf = (answer: { json: Record<string, unknown> }) => answer.json.item as Item;
  const log = () => git('log', '--format=%an|%s', `changes/${both}`, '^main');
  const story = () => JSON.parse(git('show', `changes/${both}:pages-json/_media/story-hero.json`)) as Record<string, unknown>;

  beforeAll(async () => {
    const created = await call('POST', '/api/changes', { session: editor, body: { title: 'Two describe one picture' } });
    both = created.json.id as string;
  });

  test('a colleague’s change of another field is merged and said so; a field both changed is refused, naming it, both values and who', async () => {
    const [ana, ritas] = [(await opened(editor, 'story-hero', both))!, (await opened(rita, 'story-hero', both))!];
    expect(ana.hash).toBe(ritas.hash);

    // Rita saves a caption first; Ana, from the same version, a credit: both kept, and Ana is told of Rita's.
    const first = await save(rita, ritas, { caption: 'Where it started' });
    expect(first.json, JSON.stringify(first.json)).toMatchObject({ outcome: 'saved' });
    expect(first.json.merged).toBeUndefined();
    const second = await save(editor, ana, { credit: 'Photo: Reachwell' });
    expect(second.status, JSON.stringify(second.json)).toBe(200);
    expect(second.json).toMatchObject({ outcome: 'saved', merged: { by: 'Rita Review', fields: ['caption'] } });
    expect(story()).toMatchObject({ alt: ana.alt, caption: 'Where it started', credit: 'Photo: Reachwell' });

    // Both change the alt text: Rita first (her credit is as she opened it: Ana's is kept), then Ana is refused.
    const ritaAlt = await save(rita, itemOf(first), { alt: 'The founders at a whiteboard' });
    expect(ritaAlt.json).toMatchObject({ outcome: 'saved', merged: { by: 'Ana Lima', fields: ['credit'] } });
    const commits = log();
    const anaAlt = await save(editor, itemOf(second), { alt: 'Two people planning at a board' });
    expect(anaAlt.status).toBe(409);
    expect(anaAlt.json).toMatchObject({
      outcome: 'conflict',
      by: 'Rita Review',
      conflicts: [{ field: 'alt', mine: { alt: 'Two people planning at a board' }, theirs: { alt: 'The founders at a whiteboard' } }],
    });
    expect(anaAlt.json.message).toMatch(/Rita Review saved other alt text/);
    expect(log()).toBe(commits);
    expect(story().alt).toBe('The founders at a whiteboard');

    // Saved again from the version the conflict answered, with her choice (hers): written, as a commit by her.
    const resolved = await save(editor, itemOf(anaAlt), { alt: 'Two people planning at a board' });
    expect(resolved.json).toMatchObject({ outcome: 'saved' });
    expect(story()).toMatchObject({ alt: 'Two people planning at a board', caption: 'Where it started', credit: 'Photo: Reachwell' });
    expect(
      log()
        .split('\n')
        .map((line) => line.split('|')[0])
        .slice(0, 4),
    ).toEqual(['Ana Lima', 'Rita Review', 'Ana Lima', 'Rita Review']);
  });

  test('a conflict names the fields only the colleague changed (the form takes them); one with oneself is with "you, in another tab"', async () => {
    const [ana, ritas] = [(await opened(editor, 'story-hero', both))!, (await opened(rita, 'story-hero', both))!];
    expect((await save(rita, ritas, { alt: 'Rita’s words', credit: 'Photo: Rita' })).json).toMatchObject({ outcome: 'saved' });
    const clash = await save(editor, ana, { alt: 'Ana’s words' });
    expect(clash.status).toBe(409);
    expect(clash.json).toMatchObject({ outcome: 'conflict', by: 'Rita Review', theirs: ['credit'], item: { credit: 'Photo: Rita' } });
    expect((clash.json.conflicts as { field: string }[]).map((conflict) => conflict.field)).toEqual(['alt']);

    // Ana in two tabs, each opened at the same version: the second is told it was she, elsewhere.
    const tabs = (await opened(editor, 'story-hero', both))!;
    expect((await save(editor, tabs, { caption: 'From the first tab' })).json).toMatchObject({ outcome: 'saved' });
    const second = await save(editor, tabs, { caption: 'From the second tab' });
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({ outcome: 'conflict', by: 'you, in another tab' });
    expect(second.json.message).toBe('Not saved: you, in another tab saved other caption meanwhile. Choose which to keep.');
  });

  test('a version the editor never gave (opened before a restart) is a conflict on every field that differs; none named is refused', async () => {
    const now = (await opened(editor, 'story-hero', both))!;
    const stale = await save(editor, { ...now, hash: 'f'.repeat(64) }, { alt: 'Something else' });
    expect(stale.status).toBe(409);
    expect((stale.json.conflicts as { field: string }[]).map((conflict) => conflict.field)).toEqual(['alt']);
    expect((await save(editor, { ...now, hash: '' }, { alt: 'No version named' })).status).toBe(422);
  });
});

describe("an image's alt text in other languages", () => {
  const translation = (locale: string, session = sofia) =>
    call('GET', `/changes/${id}/edit/api/translation?file=_media/home-hero.json&locale=${locale}`, { session });

  test('a translator for Spanish sees the English alt text and saves the Spanish one; the German one is refused', async () => {
    const opened = await translation('es');
    expect(opened.status).toBe(200);
    const alt = (opened.json.texts as { key: string; source: string; state: string }[]).find((text) => text.key === 'alt')!;
    expect(alt.source).toMatch(/^A friendly AI agent at the centre/);
    const commits = branchLog();

    const german = await call('POST', `/changes/${id}/edit/api/translation-save`, {
      session: sofia,
      body: { file: '_media/home-hero.json', locale: 'de', texts: { alt: 'Ein freundlicher Agent' }, baseHash: opened.json.hash },
    });
    expect(german.status).toBe(403);
    expect(german.json.message).toMatch(/^You translate into es only, so you may not change the de translation/);
    expect(branchLog()).toBe(commits);

    const spanish = await call('POST', `/changes/${id}/edit/api/translation-save`, {
      session: sofia,
      body: { file: '_media/home-hero.json', locale: 'es', texts: { alt: 'Un agente amable en el centro' }, baseHash: opened.json.hash },
    });
    expect(spanish.status, JSON.stringify(spanish.json)).toBe(200);
    expect(branchLog().split('\n')[0]).toMatch(/^Sofía Castro\|/);
    const written = recordOnBranch('_translations/es/_media/home-hero.json') as { alt: { text: string; source: string } };
    expect(written.alt).toMatchObject({ text: 'Un agente amable en el centro', source: alt.source });
    expect((await translation('es')).json.texts).toEqual([expect.objectContaining({ key: 'alt', state: 'translated' })]);
  });

  test('a file of the library that is not an image record is not translated here', async () => {
    expect((await call('GET', `/changes/${id}/edit/api/translation?file=_media/home-hero.svg&locale=es`, { session: sofia })).status).toBe(
      403,
    );
  });
});

describe("an image's caption in other languages", () => {
  const caption = 'Every channel, one agent.';
  const alt = 'A friendly AI agent at the centre, linked to an email envelope, a chat bubble, a phone call and a compliance shield.';
  const translation = (locale: string) =>
    call('GET', `/changes/${id}/edit/api/translation?file=_media/home-hero.json&locale=${locale}`, { session: sofia });
  const captionOf = async (locale: string) =>
    ((await translation(locale)).json.texts as { key: string; state: string; source: string }[]).find((text) => text.key === 'caption');
  const saveCaption = (locale: string, text: string, options: { session?: EditorSession; origin?: string; csrf?: boolean } = {}) =>
    call('POST', `/changes/${id}/edit/api/translation-save`, {
      session: sofia,
      ...options,
      body: { file: '_media/home-hero.json', locale, texts: { caption: text }, baseHash: null },
    });

  test('the caption an editor wrote is pending in Spanish; Spanish only, by a translator for Spanish, with a session, from the editor', async () => {
    expect((await details({ id: 'home-hero', alt, caption, credit: 'Illustration: Reachwell' })).status).toBe(200);
    expect(await captionOf('es')).toMatchObject({ source: caption, state: 'missing' });
    const commits = branchLog();

    expect((await saveCaption('es', 'Todos los canales, un agente.', { session: undefined })).status).toBe(401);
    expect((await saveCaption('es', 'Todos los canales, un agente.', { origin: 'https://evil.example' })).status).toBe(403);
    expect((await saveCaption('es', 'Todos los canales, un agente.', { csrf: false })).status).toBe(403);
    const german = await saveCaption('de', 'Jeder Kanal, ein Agent.');
    expect(german.status).toBe(403);
    expect(german.json.message).toMatch(/^You translate into es only, so you may not change the de translation/);
    // A translator changes no English: the caption itself is the record's, which needs a role that edits pages.
    const english = await details({ id: 'home-hero', alt, caption: 'Changed by a translator' }, { session: sofia });
    expect(english.status).toBe(403);
    expect(branchLog()).toBe(commits);

    const spanish = await saveCaption('es', 'Todos los canales, un agente.');
    expect(spanish.status, JSON.stringify(spanish.json)).toBe(200);
    expect(branchLog().split('\n')[0]).toMatch(/^Sofía Castro\|/);
    const written = recordOnBranch('_translations/es/_media/home-hero.json') as Record<string, { text: string; source: string }>;
    expect(written.caption).toMatchObject({ text: 'Todos los canales, un agente.', source: caption });
    expect(written.alt.text).toBe('Un agente amable en el centro'); // the alt text saved before stays
    expect(await captionOf('es')).toMatchObject({ state: 'translated' });
    expect(await captionOf('de')).toMatchObject({ state: 'missing' });
  });

  test('a caption changed in English puts its Spanish out of date', async () => {
    expect((await details({ id: 'home-hero', alt, caption: 'Every channel, one agent, all day.' })).status).toBe(200);
    expect(await captionOf('es')).toMatchObject({ state: 'outdated', source: 'Every channel, one agent, all day.' });
  });

  test('the credit is not visitor text: nothing to translate', async () => {
    expect(((await translation('es')).json.texts as { key: string }[]).map((text) => text.key).sort()).toEqual(['alt', 'caption']);
  });
});
