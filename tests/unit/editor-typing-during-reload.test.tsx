// @vitest-environment jsdom
/**
 * The editors keep what is typed while they reload. The translation editor (state/translation-session.ts): a
 * colleague's save arriving with nothing unsaved is loaded, but a text written while it is read is merged with it
 * rather than wiped; and a text written while a save is on its way stays, unsaved, over the file as saved. The page
 * editor (state/session.ts): an edit made while a colleague's save is read is merged with it. The server is the `api`
 * object's calls, answered by the test when it chooses.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/editor/app/api';
import { useEditorSession, type EditorSession } from '../../src/editor/app/state/session';
import { useTranslationSession, type TranslationSession } from '../../src/editor/app/state/translation-session';
import type { DocumentPayload, SaveResponse, TranslationPayload, TranslationText } from '../../src/editor/protocol';

const text = (key: string, translated: string): TranslationText => ({
  key,
  pointer: `/${key}`,
  where: key,
  source: key.toUpperCase(),
  state: 'translated',
  text: translated,
});
const payload = (hash: string, texts: Record<string, string>): TranslationPayload => ({
  file: 'story.json',
  display: '/story',
  title: 'Story',
  locale: { code: 'es', name: 'Spanish', prefix: '/es' },
  translationFile: 'pages-json/_translations/es/story.json',
  hash,
  texts: Object.entries(texts).map(([key, translated]) => text(key, translated)),
});

/** A promise held open until the test settles it. */
function held<T>() {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (settle = resolve));
  return { promise, settle };
}

let root: Root;
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  root = createRoot(document.createElement('div'));
});
afterEach(() => {
  act(() => root.unmount());
  vi.restoreAllMocks();
});

describe('the translation editor', () => {
  let session: TranslationSession;
  function Probe({ start }: { start: TranslationPayload }) {
    session = useTranslationSession(start);
    return null;
  }
  const drafts = () => Object.fromEntries(session.texts.map((shown) => [shown.key, shown.draft]));

  beforeEach(async () => {
    vi.spyOn(api, 'translationDraft').mockResolvedValue({ problems: [] });
    await act(async () => root.render(<Probe start={payload('h1', { title: 'Hola', body: 'Cuerpo' })} />));
  });

  it('a text written while a colleague’s save is read is merged with it, not wiped', async () => {
    const theirs = payload('h2', { title: 'Hola', body: 'Cuerpo de Rita' });
    const reading = held<TranslationPayload>();
    vi.spyOn(api, 'translation').mockReturnValueOnce(reading.promise).mockResolvedValue(theirs);
    act(() => session.colleagueSaved({ changeSet: 'set', file: '_translations/es/story.json', hash: 'h2', by: 'Rita' }));
    act(() => session.write('title', 'Hola mundo'));
    await act(async () => reading.settle(theirs));
    await vi.waitFor(() => expect(drafts()).toEqual({ title: 'Hola mundo', body: 'Cuerpo de Rita' }));
    expect(session.dirty).toBe(true);
  });

  it('with nothing written meanwhile, a colleague’s save is loaded as it is', async () => {
    const theirs = payload('h2', { title: 'Hola', body: 'Cuerpo de Rita' });
    vi.spyOn(api, 'translation').mockResolvedValue(theirs);
    act(() => session.colleagueSaved({ changeSet: 'set', file: '_translations/es/story.json', hash: 'h2', by: 'Rita' }));
    await vi.waitFor(() => expect(drafts()).toEqual({ title: 'Hola', body: 'Cuerpo de Rita' }));
    expect(session.dirty).toBe(false);
    expect(session.notice).toBeDefined();
  });

  it('a colleague’s save heard twice (their name, then the change set’s move) keeps the notice that names them', async () => {
    // Both answers come before React renders: a CI run had the move's answer, compared with the texts shown before
    // the save was loaded, replace "Rita saved this translation" with "the English changed".
    const theirs = payload('h2', { title: 'Hola', body: 'Cuerpo de Rita' });
    const moved = held<TranslationPayload>();
    vi.spyOn(api, 'translation').mockResolvedValueOnce(theirs).mockReturnValueOnce(moved.promise);
    await act(async () => {
      session.colleagueSaved({ changeSet: 'set', file: '_translations/es/story.json', hash: 'h2', by: 'Rita' });
      session.changeSetMoved();
      // The save is loaded and its notice set; the move's answer comes after, still before React renders.
      for (let tick = 0; tick < 10; tick++) await Promise.resolve();
      moved.settle(theirs);
      for (let tick = 0; tick < 10; tick++) await Promise.resolve();
    });
    await vi.waitFor(() => expect(drafts()).toEqual({ title: 'Hola', body: 'Cuerpo de Rita' }));
    expect(session.notice).toBe('Rita saved this translation. It shows their version now.');
  });

  it('a text written while a save is on its way stays, unsaved, over the file as saved', async () => {
    act(() => session.write('title', 'Hola mundo'));
    const saving = held<Awaited<ReturnType<typeof api.translationSave>>>();
    vi.spyOn(api, 'translationSave').mockReturnValue(saving.promise);
    vi.spyOn(api, 'translation').mockResolvedValue(payload('h3', { title: 'Hola mundo', body: 'Cuerpo' }));
    let saved!: Promise<unknown>;
    act(() => void (saved = session.save()));
    act(() => session.write('body', 'Cuerpo nuevo'));
    await act(async () => {
      saving.settle({ outcome: 'saved', hash: 'h3', mergedWithDisk: false });
      await saved;
    });
    expect(drafts()).toEqual({ title: 'Hola mundo', body: 'Cuerpo nuevo' });
    expect(session.dirty).toBe(true);
  });

  it('a colleague’s save landing right after one’s own is not taken silently with it, but merged under their name', async () => {
    act(() => session.write('title', 'Hola mundo'));
    vi.spyOn(api, 'translationSave').mockResolvedValue({ outcome: 'saved', hash: 'h2', mergedWithDisk: false });
    // Read after the save: Rita's version (h3) is already there, over Tomás's.
    vi.spyOn(api, 'translation').mockResolvedValue(payload('h3', { title: 'Hola mundo', body: 'Cuerpo de Rita' }));
    await act(async () => void (await session.save()));
    act(() => session.colleagueSaved({ changeSet: 'set', file: '_translations/es/story.json', hash: 'h3', by: 'Rita' }));
    await vi.waitFor(() => expect(session.disk.merged?.by).toEqual({ hosted: true, name: 'Rita' }));
    expect(drafts()).toEqual({ title: 'Hola mundo', body: 'Cuerpo de Rita' });
    expect(session.dirty).toBe(false);
  });

  it('“Keep mine” over a colleague’s save that could not be read: the next save replaces that version, not the one before', async () => {
    act(() => session.write('title', 'Hola mundo'));
    vi.spyOn(api, 'translation')
      .mockRejectedValueOnce(new Error('not JSON'))
      .mockResolvedValue(payload('h3', { title: 'Hola mundo', body: 'Cuerpo' }));
    act(() => session.colleagueSaved({ changeSet: 'set', file: '_translations/es/story.json', hash: 'h2', by: 'Rita' }));
    await vi.waitFor(() => expect(session.disk.pending?.kind).toBe('unreadable'));
    act(() => session.disk.keepMine());
    const save = vi.spyOn(api, 'translationSave').mockResolvedValue({ outcome: 'saved', hash: 'h3', mergedWithDisk: false });
    await act(async () => void (await session.save()));
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ baseHash: 'h2', texts: { title: 'Hola mundo' } }));
  });
});

describe('the page editor', () => {
  let page: EditorSession;
  function PageProbe({ start }: { start: DocumentPayload }) {
    page = useEditorSession(start);
    return null;
  }
  const plans = (hash: string, doc: Record<string, string>): DocumentPayload => ({
    file: '_collections/plans.json',
    display: 'plans collection',
    kind: 'collection',
    text: JSON.stringify(doc),
    hash,
    doc,
    schema: {},
    route: null,
    problems: [],
  });

  beforeEach(async () => {
    vi.spyOn(api, 'draft').mockResolvedValue({ problems: [], complete: true, elsewhere: [], pending: [] });
    await act(async () => root.render(<PageProbe start={plans('h1', { title: 'Plans', note: 'A' })} />));
  });

  it('an edit made while a colleague’s save is read is merged with it, not wiped', async () => {
    const theirs = plans('h2', { title: 'Plans', note: 'B, by Rita' });
    const reading = held<DocumentPayload>();
    vi.spyOn(api, 'document').mockReturnValueOnce(reading.promise).mockResolvedValue(theirs);
    act(() => page.colleagueSaved({ changeSet: 'set', file: '_collections/plans.json', hash: 'h2', by: 'Rita' }));
    act(() => page.change(['title'], 'Our plans'));
    await act(async () => reading.settle(theirs));
    await vi.waitFor(() => expect(page.doc).toEqual({ title: 'Our plans', note: 'B, by Rita' }));
    expect(page.dirty).toBe(true);
  });

  /**
   * Ana saves her title while Rita's save is told of by the live stream: Rita's version (h3) saved over Ana's (the
   * server merges saves to one change set field by field). `meanwhile` runs before Ana's answer comes.
   */
  async function saveWhileRitaSaves(meanwhile: () => Promise<void> | void = () => undefined) {
    vi.spyOn(api, 'document').mockResolvedValue(plans('h3', { title: 'Our plans', note: 'B, by Rita' }));
    vi.spyOn(api, 'fileHash').mockResolvedValue('h3');
    const answer = held<SaveResponse>();
    vi.spyOn(api, 'save').mockReturnValueOnce(answer.promise);
    act(() => page.change(['title'], 'Our plans'));
    let saved!: Promise<SaveResponse>;
    act(() => void (saved = page.save()));
    act(() => page.colleagueSaved({ changeSet: 'set', file: '_collections/plans.json', hash: 'h3', by: 'Rita' }));
    await meanwhile();
    await act(async () => {
      answer.settle({ outcome: 'saved', hash: 'h2', text: '', added: 1, removed: 1, pending: [] });
      await saved;
    });
  }

  it('a colleague’s save told of twice while a save is on its way is merged after it under their name', async () => {
    await saveWhileRitaSaves(async () => {
      // The change set's move asks the file's version; Ana types on.
      await act(async () => page.changeSetMoved());
      act(() => page.change(['title'], 'Our plans, again'));
    });
    await vi.waitFor(() => expect(page.doc).toEqual({ title: 'Our plans, again', note: 'B, by Rita' }));
    expect(page.disk.merged?.by).toEqual({ hosted: true, name: 'Rita' });
  });

  it('a colleague’s save told of while one’s own is on its way, nothing typed: loaded after it, under their name', async () => {
    await saveWhileRitaSaves();
    await vi.waitFor(() => expect(page.doc).toEqual({ title: 'Our plans', note: 'B, by Rita' }));
    expect(page.notice).toBe('Rita saved this document. It shows their version now.');
    expect(page.disk.merged).toBeUndefined();
  });

  it('two saves by colleagues within one read: the later is shown, not the earlier twice', async () => {
    const first = held<DocumentPayload>();
    const later = plans('h3', { title: 'Plans', note: 'C, by Rita' });
    vi.spyOn(api, 'document').mockReturnValueOnce(first.promise).mockResolvedValue(later);
    act(() => page.colleagueSaved({ changeSet: 'set', file: '_collections/plans.json', hash: 'h2', by: 'Rita' }));
    act(() => page.colleagueSaved({ changeSet: 'set', file: '_collections/plans.json', hash: 'h3', by: 'Rita' }));
    await act(async () => first.settle(plans('h2', { title: 'Plans', note: 'B, by Rita' })));
    await vi.waitFor(() => expect(page.doc).toEqual({ title: 'Plans', note: 'C, by Rita' }));
    expect(page.dirty).toBe(false);
  });
});
