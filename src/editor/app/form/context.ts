/**
 * What every field of a form shares: the document's schema, the site's vocabulary (routes, anchors, placeholders),
 * the problems found, and the two ways a field changes the document (`onChange(path, value)`, `onMove`), so what the
 * form does not show is never lost. Text a field holds that is not a value yet (JSON that does not parse) is reported
 * with `onInvalidInput`, and kept by the session: an error meanwhile, and still there when the field is shown again.
 */
import type { JsonSchema, SiteVocabulary } from '../../protocol';
import type { ShownProblem, UnparsedInput } from '../state/session';
import { isUnder, pointerOf, type Path } from '../../shared/json-path';

export interface FormContext {
  /** The document's schema (for `$ref`s). */
  root: JsonSchema;
  vocabulary: SiteVocabulary;
  problems: ShownProblem[];
  /** Anchor ids of the page being edited (`#benefits`). */
  anchors: string[];
  onChange: (path: Path, value: unknown) => void;
  onMove: (path: Path, from: number, to: number) => void;
  /** Text typed that is not a value yet, by pointer (the session keeps it). */
  unparsed: Record<string, UnparsedInput>;
  /** A field's text does not read as a value (`input`), or reads again (`undefined`). */
  onInvalidInput: (path: Path, input: UnparsedInput | undefined) => void;
  /** On a template page: item limits the template sets, with its words ("exactly 4 cards"), by list pointer. */
  countWords?: (path: Path) => string | undefined;
  readOnly?: boolean;
  /** A field to show (a problem's, a search hit's `?field=`): the lists on the way to it start open at its item. */
  focus?: string;
}

export const problemsAt = (context: FormContext, path: Path) => context.problems.filter((problem) => problem.pointer === pointerOf(path));

export const problemsUnder = (context: FormContext, path: Path) =>
  context.problems.filter((problem) => isUnder(problem.pointer, pointerOf(path)));
