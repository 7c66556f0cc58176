/**
 * One document being translated into one language: the translator's texts with undo and redo, what the server finds
 * wrong with them (placeholders, plural forms), the page in that language rendered from them, and saving them to the
 * language's translation file. Only texts change here: the page's structure is its English document's.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { Problem } from '../../../engine/model/problems';
import type { TranslationPayload, TranslationSaveResponse, TranslationText } from '../../protocol';
import { api, queryClient } from '../api';
import { inMarketerWords } from '../../shared/marketer-words';
import { historyReducer, startHistory } from './history';
import { createPreviewStore } from './preview-store';

/** Key -> the translation as the translator has it now (only texts they wrote or confirmed). */
type Texts = Record<string, string>;

export type TextView = TranslationText & {
  /** What the translator has written (or the translation as saved). */
  draft: string;
  /** The translator confirmed it, or wrote it, in this session: it is saved as a translation of the English now. */
  touched: boolean;
};

export function useTranslationSession(payload: TranslationPayload) {
  const { file, locale } = payload;
  const [history, dispatch] = useReducer(historyReducer, {} as Texts, startHistory);
  const edits = history.doc as Texts;
  const [base, setBase] = useState<{ hash: string | null; texts: TranslationText[] }>({ hash: payload.hash, texts: payload.texts });
  const [problems, setProblems] = useState<Problem[]>([]);
  const [previews] = useState(createPreviewStore);
  const [renderError, setRenderError] = useState<string>();
  const [serverError, setServerError] = useState<string>();

  const texts = useMemo<TextView[]>(
    () =>
      base.texts.map((text) => {
        const touched = text.key in edits;
        const draft = touched ? edits[text.key] : text.text;
        // A text written or confirmed now is a translation of the English as it is; one emptied is missing.
        const state = touched ? (draft.trim() ? 'translated' : 'missing') : text.state;
        return { ...text, state, draft, touched };
      }),
    [base.texts, edits],
  );
  const dirty = Object.keys(edits).some((key) => {
    const saved = base.texts.find((text) => text.key === key);
    return !saved || saved.text !== edits[key] || saved.state !== 'translated';
  });

  // Every draft to the server, one request at a time, the latest winning: its problems and the page it renders.
  const latest = useRef(texts);
  const drafting = useRef(false);
  const sendDraft = useCallback(() => {
    const run = () => {
      drafting.current = true;
      const sent = latest.current;
      const draft = Object.fromEntries(sent.filter((text) => text.draft.trim()).map((text) => [text.key, text.draft]));
      api
        .translationDraft(file, locale.code, draft)
        .then((response) => {
          if (response.preview) previews.set(response.preview);
          // In a marketer's words (marketer-words.ts): no parser codes, no language tags; each stays at its text's key.
          setProblems(response.problems.map(inMarketerWords));
          setRenderError(response.renderError);
          setServerError(undefined);
        })
        .catch((error: unknown) => setServerError(error instanceof Error ? error.message : String(error)))
        .finally(() => {
          drafting.current = false;
          if (latest.current !== sent) run();
        });
    };
    run();
  }, [file, locale.code, previews]);
  useEffect(() => {
    latest.current = texts;
    if (!drafting.current) sendDraft();
  }, [texts, sendDraft]);

  /** Writes a translation (typing in it joins one undo step). */
  const write = useCallback(
    (key: string, value: string) =>
      dispatch({ type: 'change', update: (current) => ({ ...(current as Texts), [key]: value }), field: key, at: Date.now() }),
    [],
  );
  /** Confirms that a translation made from an older English still fits the English now. */
  const confirm = useCallback(
    (text: TextView) =>
      dispatch({ type: 'change', update: (current) => ({ ...(current as Texts), [text.key]: text.draft }), at: Date.now() }),
    [],
  );
  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);

  const errors = problems.filter((problem) => problem.severity === 'error').length;
  const canSave = dirty && errors === 0;
  const save = useCallback(async (): Promise<TranslationSaveResponse> => {
    const written = Object.fromEntries(texts.filter((text) => text.touched).map((text) => [text.key, text.draft]));
    const response = await api.translationSave({ file, locale: locale.code, texts: written, baseHash: base.hash });
    if (response.outcome === 'refused') return inMarketerWords(response);
    if (response.outcome === 'saved') {
      const fresh = await api.translation(file, locale.code);
      queryClient.setQueryData(['translation', locale.code, file], fresh);
      setBase({ hash: fresh.hash, texts: fresh.texts });
      dispatch({ type: 'reset', doc: {} });
    }
    return response;
  }, [texts, file, locale.code, base.hash]);

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
    undo,
    redo,
    save,
    previews,
    renderError,
    serverError,
  };
}

export type TranslationSession = ReturnType<typeof useTranslationSession>;
