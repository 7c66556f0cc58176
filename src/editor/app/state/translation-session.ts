/**
 * One document being translated into one language: the translator's texts with undo and redo, what the server finds
 * wrong with them (placeholders, plural forms), the page in that language rendered from them, and saving them to the
 * language's translation file. Only texts change here: the page's structure is its English document's.
 * A colleague's save of the translation (the hosted editor's live stream) is taken as the page editor takes one: with
 * nothing unsaved it is loaded, with a polite notice; with unsaved texts it is merged text by text (the same merge and
 * the same choice per text both changed, merge-on-disk-change.ts), Save waiting for the choice; either way the base
 * moves to the colleague's version, so the next save never takes back what they wrote.
 * A change of the English (a colleague's save of the page, or one's own in another tab: the change set moved) is taken
 * from the server's answer, as a reload would show it (translation-base.ts): new English, states, rows added and
 * removed, with every text written here kept; a text written from an English that changed since says so.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { Problem } from '../../../engine/model/problems';
import { type TranslationPayload, type TranslationSaveResponse, type TranslationText } from '../../protocol';
import { otherSaveWords, type SavedBy } from '../other-save-words';
import { useFileNews } from './file-news';
import { useMergeOnDiskChange, type DiskVersion } from './merge-on-disk-change';
import { api, queryClient } from '../api';
import { inMarketerWords } from '../../shared/marketer-words';
import { historyReducer, startHistory } from './history';
import { createPreviewStore } from './preview-store';
import { useDraftLoop } from './draft-loop';
import { onDevServerEvent } from '../dev-server-events';
import { CONTENT_EVENT } from '../../../dev/live-preview-protocol';
import { firstBase, nextBase, sameEnglish, type TranslationBase } from './translation-base';
import { translationWords } from '../translator-words';

/** Key -> the translation as the translator has it now (only texts they wrote or confirmed). */
type Texts = Record<string, string>;

export type TextView = Omit<TranslationText, 'state'> & {
  /** The server's state, or `removed`: its English is gone since, and what the translator wrote in it has nowhere to go. */
  state: TranslationText['state'] | 'removed';
  /** What the translator has written (or the translation as saved). */
  draft: string;
  /** The translator confirmed it, or wrote it, in this session: it is saved as a translation of the English now. */
  touched: boolean;
  /** Written here from this English, which has changed since (not yet confirmed for the English now). */
  writtenFor?: string;
};

/** The translation texts as a file has them, key -> text: what a merge compares. */
const textsOf = (texts: readonly TranslationText[]): Texts => Object.fromEntries(texts.map((text) => [text.key, text.text]));

/** Whether texts written here would change the file whose texts are `saved` (or confirm one not translated yet). */
const unsavedIn = (edits: Texts, saved: readonly TranslationText[]) =>
  Object.keys(edits).some((key) => {
    const text = saved.find((candidate) => candidate.key === key);
    return !text || text.text !== edits[key] || text.state !== 'translated';
  });

/** The live stream names a document by its path in the content folder. */
const CONTENT = 'pages-json/';

export function useTranslationSession(payload: TranslationPayload) {
  const { file, locale } = payload;
  const [history, dispatch] = useReducer(historyReducer, {} as Texts, startHistory);
  const edits = history.doc as Texts;
  const [base, setBase] = useState<TranslationBase>(() => firstBase(payload));
  /** Key -> the English shown when the translator began writing (or confirmed) that text: was it changed under them? */
  const [writtenFor, setWrittenFor] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Problem[]>([]);
  const [previews] = useState(createPreviewStore);
  const [renderError, setRenderError] = useState<string>();
  const [serverError, setServerError] = useState<string>();

  const texts = useMemo<TextView[]>(() => {
    const rows = base.texts.map((text): TextView => {
      const touched = text.key in edits;
      const draft = touched ? edits[text.key] : text.text;
      const from = touched ? writtenFor[text.key] : undefined;
      if (from !== undefined && from !== text.source) return { ...text, state: 'outdated', draft, touched, writtenFor: from };
      // A text written or confirmed now is a translation of the English as it is; one emptied is missing.
      const state = touched ? (draft.trim() ? 'translated' : 'missing') : text.state;
      return { ...text, state, draft, touched };
    });
    // A removed text the translator wrote in stays, where it was (the field they are typing in does not move), until
    // they drop it; one whose neighbour went too goes last.
    for (const { after, ...text } of base.gone.filter((gone) => gone.key in edits)) {
      const at = after === undefined ? 0 : rows.findIndex((row) => row.key === after) + 1 || rows.length;
      rows.splice(at, 0, { ...text, state: 'removed', draft: edits[text.key], touched: true });
    }
    return rows;
  }, [base.texts, base.gone, edits, writtenFor]);
  const dirty = unsavedIn(edits, base.texts);

  // Every draft to the server (draft-loop.ts: one request at a time, the latest winning): its problems and the page it renders.
  const sendDraft = useCallback(
    (sent: typeof texts) => {
      const draft = Object.fromEntries(
        sent.filter((text) => text.state !== 'removed' && text.draft.trim()).map((text) => [text.key, text.draft]),
      );
      return api
        .translationDraft(file, locale.code, draft)
        .then((response) => {
          if (response.preview) previews.set(response.preview);
          // In a marketer's words (marketer-words.ts): no parser codes, no language tags; each stays at its text's key.
          setProblems(response.problems.map(inMarketerWords));
          setRenderError(response.renderError);
          setServerError(undefined);
        })
        .catch((error: unknown) => setServerError(error instanceof Error ? error.message : String(error)));
    },
    [file, locale.code, previews],
  );
  const { resend: contentChanged } = useDraftLoop(texts, sendDraft);
  // The rest of the content changed on disk in `npm run dev` (the English, an image's alt text): rendered again.
  useEffect(() => onDevServerEvent(CONTENT_EVENT, contentChanged), [contentChanged]);

  /** The English of each text now, and the texts written here: what a first keystroke is written from. */
  const sources = useRef(new Map<string, string>());
  /** The texts written or confirmed now, as they are (a save's answer keeps those written while it was on its way). */
  const editsRef = useRef(edits);
  /** Writes a translation (typing in it joins one undo step). */
  const write = useCallback((key: string, value: string) => {
    const source = sources.current.get(key);
    if (!(key in editsRef.current) && source !== undefined) setWrittenFor((known) => ({ ...known, [key]: source }));
    dispatch({ type: 'change', update: (current) => ({ ...(current as Texts), [key]: value }), field: key, at: Date.now() });
  }, []);
  /** Confirms that a translation (made here, or saved) from an older English still fits the English now. */
  const confirm = useCallback((text: TextView) => {
    setWrittenFor((known) => ({ ...known, [text.key]: text.source }));
    if (!text.touched)
      dispatch({ type: 'change', update: (current) => ({ ...(current as Texts), [text.key]: text.draft }), at: Date.now() });
  }, []);
  /** Drops what the translator wrote in a text whose English was removed (it cannot be saved). */
  const drop = useCallback(
    (key: string) =>
      dispatch({
        type: 'change',
        update: (current) => Object.fromEntries(Object.entries(current as Texts).filter(([written]) => written !== key)),
        at: Date.now(),
      }),
    [],
  );
  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);

  const errors = problems.filter((problem) => problem.severity === 'error').length;
  // A colleague's save of this translation: loaded, or merged with the texts written here (merge-on-disk-change.ts).
  const [notice, setNotice] = useState<string>();
  /** Each version read from disk, by hash: its texts with their states, for the base once it is taken. */
  const read = useRef(new Map<string, TranslationPayload>());
  const baseRef = useRef<DiskVersion>({ hash: base.hash ?? '', doc: textsOf(base.texts) });
  /** The texts as the translator has them now (the file's, with theirs written over). */
  const mine = useRef<unknown>({});
  const dirtyRef = useRef(dirty);
  /** The texts as last taken from the server, for a changed English to be compared with (set with the base: see standOn). */
  const shown = useRef(base.texts);
  useEffect(() => {
    mine.current = { ...textsOf(base.texts), ...edits };
    dirtyRef.current = dirty;
    editsRef.current = edits;
    sources.current = new Map(base.texts.map((text) => [text.key, text.source]));
  }, [base.texts, edits, dirty]);
  const readDisk = useCallback(async () => {
    const fresh = await api.translation(file, locale.code);
    if (fresh.hash === null) return undefined;
    read.current.set(fresh.hash, fresh);
    return { hash: fresh.hash, doc: textsOf(fresh.texts) };
  }, [file, locale.code]);
  /**
   * Stands on the server's answer `fresh`: in the refs at once, as the state will be once React renders. A second
   * answer can come before that (a colleague's save is heard twice: a CI run had the second compare with the texts
   * shown before the first, and call the English changed).
   */
  const standOn = useCallback((fresh: TranslationPayload) => {
    if (fresh.hash !== null) read.current.set(fresh.hash, fresh);
    baseRef.current = { hash: fresh.hash ?? '', doc: textsOf(fresh.texts) };
    shown.current = fresh.texts;
    setBase(nextBase(fresh));
  }, []);
  const takeBase = useCallback(
    (disk: DiskVersion) => {
      const fresh = read.current.get(disk.hash);
      if (fresh) standOn(fresh);
      baseRef.current = disk;
    },
    [standOn],
  );
  /** The merged texts as edits over the new base: what the translator wrote and kept (a text taken from the colleague is theirs). */
  const replaceDraft = useCallback((next: (current: unknown) => unknown) => {
    const merged = next(mine.current) as Texts;
    dispatch({
      type: 'change',
      update: (current) => Object.fromEntries(Object.entries(current as Texts).filter(([key, text]) => merged[key] === text)),
      at: Date.now(),
    });
  }, []);
  /** Reloads asked for: only the latest is shown (an older answer can come after it). */
  const reloads = useRef(0);
  /**
   * Shows the file as it is on disk now, with `kept(fresh)` of the translator's texts over it (none unless said),
   * worked out once the file is read: what they wrote meanwhile is theirs to keep (true). `kept()` undefined: nothing
   * is shown (false); undefined when a later reload was asked for meanwhile (that one shows it).
   */
  const reloadFromDisk = useCallback(
    async (kept: (fresh: TranslationPayload) => Texts | undefined = () => ({})) => {
      const ask = ++reloads.current;
      const fresh = await api.translation(file, locale.code);
      if (ask !== reloads.current) return undefined;
      const edited = kept(fresh);
      if (!edited) return false;
      queryClient.setQueryData(['translation', locale.code, file], fresh);
      standOn(fresh);
      // The refs with the state, at once: a notice or a save can come before React renders.
      editsRef.current = edited;
      mine.current = { ...textsOf(fresh.texts), ...edited };
      dirtyRef.current = unsavedIn(edited, fresh.texts);
      dispatch({ type: 'reset', doc: edited });
      return true;
    },
    [file, locale.code, standOn],
  );
  const discardAndReload = useCallback(async () => void (await reloadFromDisk()), [reloadFromDisk]);
  const disk = useMergeOnDiskChange({
    readDisk,
    baseRef,
    setBase: takeBase,
    latestRef: mine,
    replaceDraft,
    reloadFromDisk: discardAndReload,
  });
  const { onFile, whileSaving, colleagueSaved } = useFileNews({
    file: payload.translationFile.slice(CONTENT.length),
    baseRef,
    dirtyRef,
    reloadIfClean: useCallback(() => reloadFromDisk(() => (dirtyRef.current ? undefined : {})), [reloadFromDisk]),
    changedOnDisk: disk.changedOnDisk,
    reloaded: useCallback(
      (by: SavedBy) => setNotice(otherSaveWords(by, 'translation', payload.translationFile).reloaded),
      [payload.translationFile],
    ),
  });
  /**
   * The English changed, the translation file not: the server's answer shown (English, states, rows), with the texts
   * written here kept over it. A changed translation file is onFile's: it reads the file, and the English with it.
   */
  const showEnglish = useCallback(
    (fresh: TranslationPayload) => {
      if ((fresh.hash ?? '') !== baseRef.current.hash || sameEnglish(shown.current, fresh.texts)) return;
      queryClient.setQueryData(['translation', locale.code, file], fresh);
      standOn(fresh);
      setNotice(translationWords.englishChanged);
    },
    [file, locale.code, standOn],
  );
  /** Answers asked for on moves: only the latest is shown (an older one may arrive after it). */
  const asked = useRef(0);
  /**
   * The change set moved (a colleague's save of the English, a restore, a tab of one's own): the translation asked for
   * once; its English shown, and a changed translation file taken as a save, unnamed. The draft rendered again with the
   * rest of the content as it is now.
   */
  const changeSetMoved = useCallback(() => {
    contentChanged();
    const ask = ++asked.current;
    void api.translation(file, locale.code).then(
      (fresh) => {
        if (ask !== asked.current) return;
        showEnglish(fresh);
        onFile(fresh.hash, { hosted: true });
      },
      () => undefined,
    );
  }, [file, locale.code, onFile, showEnglish, contentChanged]);

  const save = useCallback(async (): Promise<TranslationSaveResponse> => {
    // A text whose English was removed has no place in the file (the server refuses it): it stays here, unsaved.
    const written = Object.fromEntries(
      texts.filter((text) => text.touched && text.state !== 'removed').map((text) => [text.key, text.draft]),
    );
    return whileSaving(async () => {
      // The base as the refs have it: moved at once by "Keep mine" over a version never read, which has no state of its own.
      const baseHash = baseRef.current.hash || null;
      const response = await api.translationSave({ file, locale: locale.code, texts: written, baseHash });
      if (response.outcome === 'refused') return inMarketerWords(response);
      if (response.outcome === 'saved') {
        // What was written while the save was on its way stays unsaved over the file as saved. A file saved again since
        // (a colleague's save right after) is not taken with it unannounced: the notice of that save merges it, by name.
        const shown = await reloadFromDisk((fresh) =>
          fresh.hash !== response.hash
            ? undefined
            : Object.fromEntries(Object.entries(editsRef.current).filter(([key, text]) => !(key in written) || written[key] !== text)),
        );
        if (shown) disk.dismissMerged();
      }
      return response;
    });
  }, [texts, file, locale.code, reloadFromDisk, disk, whileSaving]);
  const canSave = dirty && errors === 0 && !disk.pending;

  return {
    payload,
    texts,
    dirty,
    problems,
    errors,
    canSave,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    write,
    confirm,
    drop,
    undo,
    redo,
    save,
    previews,
    renderError,
    serverError,
    /** A colleague's save merged in, or waiting for a choice per text both changed. */
    disk,
    colleagueSaved,
    changeSetMoved,
    notice,
    dismissNotice: () => setNotice(undefined),
  };
}

export type TranslationSession = ReturnType<typeof useTranslationSession>;
