/**
 * The FormContext of a document's form, made the same way by every editor (a page, a collection, the site
 * configuration or a template): the session's schema, problems, unparsed input and changes, with what only a
 * page has (its anchors, its template's item counts) and the field to show. Memoized on those parts, so the
 * fields (memoized on the context) render again only when one of them changes.
 */
import { useMemo } from 'react';
import type { SiteVocabulary } from '../../protocol';
import { moveItem, pointerOf } from '../../shared/json-path';
import type { EditorSession } from '../state/session';
import type { FormContext } from './context';
import { workspace } from '../workspace';

export interface FormExtras {
  /** Anchor ids of the page being edited (none for a document that is not a page). Keep it stable between renders (useStable). */
  anchors?: string[];
  /** On a template page: the template's item counts in words, by list pointer. Keep it stable between renders (useStable). */
  countWords?: Record<string, string>;
  /** A field to show (a problem's, a search hit's `?field=`). */
  focus?: string;
}

/** One empty list for every document without anchors: a new one at each render would make a new context. */
const NO_ANCHORS: string[] = [];

export function useFormContext(session: EditorSession, vocabulary: SiteVocabulary, extras: FormExtras = {}): FormContext {
  const { payload, problems, change, update, unparsed, onInvalidInput } = session;
  const { anchors = NO_ANCHORS, countWords, focus } = extras;
  const root = payload.schema;
  return useMemo<FormContext>(
    () => ({
      root,
      vocabulary,
      problems,
      anchors,
      onChange: change,
      // A list's items moved (pointer or keyboard) are one change of the list: one undo step.
      onMove: (path, from, to) => update((current) => moveItem(current, path, from, to)),
      unparsed,
      onInvalidInput,
      ...(countWords ? { countWords: (path) => countWords[pointerOf(path)] } : {}),
      focus,
      // A translator sees the English as it is: every field read only (their words go in its translation).
      readOnly: workspace.structureLocked,
    }),
    [root, vocabulary, problems, anchors, change, update, unparsed, onInvalidInput, countWords, focus],
  );
}
