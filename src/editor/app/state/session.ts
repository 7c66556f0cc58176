/**
 * One document open in the editor: its draft with undo and redo, what the browser and the server find
 * wrong with it, the preview of it, and saving it. Every change is checked three ways:
 *   - at once in the browser (local-check.ts), so a field shows its mistake as it is typed;
 *   - by the server at once (the draft alone, and its preview), latest draft wins, one request at a time;
 *   - by the server with the whole site, once typing pauses: only this check can make the draft saveable.
 * A change of the file on disk while it is open (in the hosted editor: a colleague's save, pushed by the live stream)
 * is loaded when there is nothing unsaved, and merged with the draft when there is (merge-on-disk-change.ts: the
 * marketer chooses only for fields both changed).
 */
import { inMarketerWords } from '../../shared/marketer-words';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { Problem } from '../../../engine/model/problems';
import { workspace } from '../workspace';
import { type DocumentPayload, type PendingLanguage, type SaveResponse } from '../../protocol';
import { CONTENT_EVENT } from '../../../dev/live-preview-protocol';
import { otherSaveWords, type SavedBy } from '../other-save-words';
import { api, queryClient } from '../api';
import { checkLocally, type LocalProblem } from '../form/local-check';
import { historyReducer, startHistory } from './history';
import { isUnder, setAt, type Path, pointerOf } from '../../shared/json-path';
import { jsonEqual } from '../../shared/three-way-merge';
import { useFileNews } from './file-news';
import { useMergeOnDiskChange } from './merge-on-disk-change';
import { useStable } from './stable';
import { createPreviewStore } from './preview-store';
import { useDraftLoop, useLatestWins } from './draft-loop';
import { onDevServerEvent } from '../dev-server-events';

/** How long typing must pause before the whole site is checked with the draft. */
const SITE_CHECK_DELAY_MS = 250;

export type ShownProblem = LocalProblem & Partial<Pick<Problem, 'file' | 'where' | 'slot'>>;

/** Text typed in a field that does not read as a value yet (JSON that does not parse), and why. */
export interface UnparsedInput {
  text: string;
  message: string;
}

/** Who saved a version no event named: a colleague or a tab of one's own in the hosted editor, the file on disk locally. */
const unnamed = (): SavedBy => ({ hosted: workspace.hosted });

const problemKey = (problem: LocalProblem) => `${problem.pointer}\0${problem.message}`;
const errorsIn = <P extends { severity: Problem['severity'] }>(problems: P[]) => problems.filter((problem) => problem.severity === 'error');

export function useEditorSession(payload: DocumentPayload) {
  const { file } = payload;
  const [history, dispatch] = useReducer(historyReducer, payload.doc, startHistory);
  const [base, setBase] = useState<{ hash: string; doc: unknown }>({ hash: payload.hash, doc: payload.doc });
  const doc = history.doc;
  // Typed text that does not read yet, by pointer: kept while its field is away, an error and an unsaved change meanwhile.
  const [unparsed, setUnparsed] = useState<Record<string, UnparsedInput>>({});
  const dirty = useMemo(() => !jsonEqual(doc, base.doc), [doc, base.doc]) || Object.keys(unparsed).length > 0;

  const local = useMemo(() => checkLocally(doc, payload.schema, { template: payload.template }), [doc, payload.schema, payload.template]);
  const [fast, setFast] = useState<{ doc: unknown; problems: Problem[] }>();
  const [full, setFull] = useState<{ doc: unknown; problems: Problem[]; elsewhere: Problem[]; pending: PendingLanguage[] }>();
  const [previews] = useState(createPreviewStore);
  const [renderError, setRenderError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  // The draft as it is now, read by the save, the site check and the merge with a change on disk.
  const latest = useRef(doc);
  useEffect(() => {
    latest.current = doc;
  }, [doc]);
  const [previewRoute, setPreviewRoute] = useState<string>();
  // The draft and its preview (draft-loop.ts: one request at a time, always for the latest draft and page to preview it on).
  const draft = useMemo(() => ({ doc, route: previewRoute }), [doc, previewRoute]);
  const sendDraft = useCallback(
    ({ doc: sent, route }: typeof draft) =>
      api
        .draft(file, sent, route)
        .then((response) => {
          // The preview first, straight to the iframe: it needs no render of the editor.
          if (response.preview) previews.set(response.preview);
          setServerError(undefined);
          // A keystroke rarely changes what the server finds: then the editor has nothing to render again.
          setFast((previous) =>
            previous && JSON.stringify(previous.problems) === JSON.stringify(response.problems)
              ? previous
              : { doc: sent, problems: response.problems },
          );
          // A document that is not a page is checked with the whole site at once: what it breaks elsewhere (a price
          // another page quotes) is an error of this draft too, as is anything pending in other languages.
          if (response.complete)
            setFull({ doc: sent, problems: response.problems, elsewhere: response.elsewhere ?? [], pending: response.pending ?? [] });
          setRenderError(response.renderError);
        })
        .catch((error: unknown) => setServerError(error instanceof Error ? error.message : String(error))),
    [file, previews],
  );
  const { resend: redraft } = useDraftLoop(draft, sendDraft);

  // The whole site, once typing pauses (draft-loop.ts: one check at a time, again for the latest draft).
  const checkSent = useCallback(
    (sent: unknown) =>
      api
        .check(file, sent)
        .then((response) => setFull({ doc: sent, problems: response.problems, elsewhere: response.elsewhere, pending: response.pending }))
        .catch((error: unknown) => setServerError(error instanceof Error ? error.message : String(error))),
    [file],
  );
  const currentDraft = useCallback(() => latest.current, []);
  const sendCheck = useLatestWins(currentDraft, checkSent);
  const completeByDraft = payload.kind !== 'page';
  useEffect(() => {
    if (completeByDraft) return;
    const timer = setTimeout(sendCheck, SITE_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [doc, sendCheck, completeByDraft]);
  /**
   * The rest of the content changed (the dev server's content event: a save on disk, git, another tab; in the hosted
   * editor the change set moved): the draft rendered again and, for a page, checked with the whole site again.
   */
  const contentChanged = useCallback(() => {
    redraft();
    if (!completeByDraft) sendCheck();
  }, [redraft, sendCheck, completeByDraft]);
  useEffect(() => onDevServerEvent(CONTENT_EVENT, contentChanged), [contentChanged]);

  // What the fields show: the browser's problems at once, with the server's latest (for an earlier draft, not on the field being typed in).
  const currentFull = full?.doc === doc ? full : undefined;
  const typing = history.lastField;
  const server: ShownProblem[] =
    currentFull?.problems ??
    (fast && fast.doc === doc ? fast.problems : fast?.problems.filter((problem) => !typing || !isUnder(problem.pointer, typing))) ??
    [];
  const seen = new Set<string>();
  const ownFile = payload.display;
  const unread = Object.entries(unparsed).map(([pointer, input]): ShownProblem => ({
    pointer,
    message: `invalid JSON, not applied: ${input.message} (the document keeps its last valid value)`,
    severity: 'error',
  }));
  const problems = useStable(
    [...unread, ...local, ...server.filter((problem) => !problem.file || problem.file === ownFile)]
      .filter((problem) => {
        const key = problemKey(problem);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .map(inMarketerWords),
  );
  /** Problems the draft has in other files: a template's shared content, or links into it from elsewhere. */
  const elsewhere = useStable(
    [...server.filter((problem) => problem.file && problem.file !== ownFile), ...(currentFull?.elsewhere ?? [])].map(inMarketerWords),
  );
  const errors = problems.filter((problem) => problem.severity === 'error').length + errorsIn(elsewhere).length;
  /** What the draft, once saved, leaves to translate in each other language (known once the whole site checked it). */
  const pending = useStable(currentFull?.pending ?? []);
  const checked = Boolean(currentFull);

  const change = useCallback((path: Path, value: unknown) => {
    dispatch({ type: 'change', update: (current) => setAt(current, path, value), field: pointerOf(path), at: Date.now() });
  }, []);
  /** A change of the whole document or several places at once (a move, a section added): one undo step. */
  const update = useCallback((next: (current: unknown) => unknown) => dispatch({ type: 'change', update: next, at: Date.now() }), []);
  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);
  /** A field's text does not read as a value (`input`), or reads again (`undefined`). */
  const onInvalidInput = useCallback((path: Path, input: UnparsedInput | undefined) => {
    const pointer = pointerOf(path);
    setUnparsed((current) => {
      if (input) return current[pointer]?.text === input.text ? current : { ...current, [pointer]: input };
      if (!(pointer in current)) return current;
      const { [pointer]: _, ...rest } = current;
      return rest;
    });
  }, []);

  // The file on disk: reloaded when it changes and nothing is unsaved, a conflict when something is.
  /** The base, set with it wherever it is set (not by an effect after the render: a second notice can come before). */
  const baseRef = useRef(base);
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  /**
   * The file as it is on disk now, asked for afresh: not through the query cache, which would answer with a read
   * already on its way (a second colleague's save within one read would be shown as the first, twice).
   */
  const readFile = useCallback(async () => {
    const fresh = await api.document(file);
    queryClient.setQueryData(['document', file], fresh);
    return fresh;
  }, [file]);
  /** Reloads asked for: only the latest is shown (an older answer can come after it). */
  const reloads = useRef(0);
  /**
   * Shows the file as it is on disk now, all unsaved changes gone (true); unless `still()` says otherwise once it is
   * read (false), or a later reload was asked for meanwhile (undefined: that one shows it).
   */
  const reloadFromDisk = useCallback(
    async (still: () => boolean = () => true) => {
      const ask = ++reloads.current;
      const fresh = await readFile();
      if (ask !== reloads.current) return undefined;
      if (!still()) return false;
      // The refs with the state, at once: a notice or a save can come before React renders.
      baseRef.current = { hash: fresh.hash, doc: fresh.doc };
      latest.current = fresh.doc;
      dirtyRef.current = false;
      setBase(baseRef.current);
      dispatch({ type: 'reset', doc: fresh.doc });
      setUnparsed({});
      return true;
    },
    [readFile],
  );
  const discardAndReload = useCallback(async () => void (await reloadFromDisk()), [reloadFromDisk]);
  const readDisk = useCallback(async () => {
    const fresh = await readFile();
    return fresh.doc === undefined ? undefined : { hash: fresh.hash, doc: fresh.doc };
  }, [readFile]);
  const disk = useMergeOnDiskChange({
    readDisk,
    baseRef,
    setBase,
    latestRef: latest,
    replaceDraft: update,
    reloadFromDisk: discardAndReload,
  });
  const { changedOnDisk, dismissMerged } = disk;
  const canSave = dirty && checked && errors === 0 && !disk.pending;
  const { onFile, whileSaving, colleagueSaved } = useFileNews({
    file,
    baseRef,
    dirtyRef,
    reloadIfClean: useCallback(() => reloadFromDisk(() => !dirtyRef.current), [reloadFromDisk]),
    changedOnDisk,
    reloaded: useCallback(
      (by: SavedBy) => setNotice(otherSaveWords(by, payload.kind, payload.display).reloaded),
      [payload.kind, payload.display],
    ),
  });
  /**
   * The change set moved (a restore, an update, a save in another tab, a colleague's save of another document): the file
   * asked for once, no name to give; and the draft rendered and checked again with the rest of the content as it is now.
   */
  const changeSetMoved = useCallback(() => {
    contentChanged();
    void api.fileHash(file).then(
      (hash) => onFile(hash, unnamed()),
      () => undefined,
    );
  }, [file, onFile, contentChanged]);

  const save = useCallback(
    async (overwrite = false): Promise<SaveResponse> => {
      const saved = latest.current;
      return whileSaving(async () => {
        const response = await api.save({ file, doc: saved, baseHash: baseRef.current.hash, overwrite });
        if (response.outcome === 'saved') {
          baseRef.current = { hash: response.hash, doc: saved };
          // Clean unless typed in meanwhile, at once: a colleague's save held meanwhile is taken next, as a reload.
          dirtyRef.current = !jsonEqual(latest.current, saved);
          setBase(baseRef.current);
          queryClient.setQueryData(['document', file], { ...payload, text: response.text, hash: response.hash, doc: saved });
          // What was merged in is saved now: the note asking to save it goes.
          dismissMerged();
        } else if (response.outcome === 'conflict') void changedOnDisk(response.diskHash, unnamed(), response.diskDoc);
        return response;
      });
    },
    [file, payload, whileSaving, changedOnDisk, dismissMerged],
  );

  return {
    file,
    payload,
    doc,
    dirty,
    /** The document as it was last loaded or saved: what a save's changes are counted from. */
    savedDoc: base.doc,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    change,
    update,
    undo,
    redo,
    unparsed,
    onInvalidInput,
    problems,
    elsewhere,
    pending,
    errors,
    checked,
    canSave,
    previews,
    /** The page a document that is not a page is previewed on (undefined: the first that shows it). */
    previewRoute,
    setPreviewRoute,
    renderError,
    serverError,
    /** A change on disk waits for the marketer (fields both changed, or a file that cannot be merged). */
    conflict: disk.pending,
    disk,
    colleagueSaved,
    changeSetMoved,
    reloadFromDisk: discardAndReload,
    save,
    notice,
    dismissNotice: () => setNotice(undefined),
  };
}

export type EditorSession = ReturnType<typeof useEditorSession>;
