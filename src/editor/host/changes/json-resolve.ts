/**
 * One JSON document that a change set and the published branch both changed, merged field by field: every change
 * either side made is kept (src/editor/shared/three-way-merge.ts), and the result is written into the text of the
 * branch being merged into, keeping its formatting (src/editor/server/json-edit.ts), so a merged heading is still a
 * one-line diff. A field both sides changed differently is a conflict, named by its place in words with both
 * values, unless a choice settles it. Pure: three texts in, a text or conflicts out.
 */
import { sectionLabeller, type TemplateSection } from '../../server/block-labels';
import { editJsonText, JsonEditError } from '../../server/json-edit';
import { fieldWords } from '../../shared/field-words';
import { pointerOf, type Path } from '../../shared/json-path';
import { mergeJson, type Choice, type MergeConflict } from '../../shared/three-way-merge';
import { defaultBlockLabel, type BlockLabel } from './document-words';

/** Which side a conflict is settled for. */
export type Side = 'changeSet' | 'published';

/** How a conflict is settled: one side's version, or a text of the person's own (a text field only). */
export type FieldChoice = Side | { text: string };

/** Whether a settlement only picks versions others wrote (no text of the chooser's own). */
export const onlyPicks = (choices: Record<string, Record<string, FieldChoice>> | undefined) =>
  Object.values(choices ?? {}).every((keys) => Object.values(keys).every((choice) => typeof choice === 'string'));

/** A field (or a list's order) both sides changed differently. */
interface FieldConflict {
  kind: 'value' | 'order';
  file: string;
  /** What a choice is given under (`choices[file][key]`): the place by identities, stable across both sides. */
  key: string;
  /** "Hero › Heading". */
  place: string;
  /** The JSON pointer of the place in the change set's version (or the published one's, where the change set removed it). */
  pointer: string;
  base: unknown;
  changeSet: unknown;
  published: unknown;
}

/** A file that cannot be merged field by field: not JSON, deleted on one side and changed on the other, added on both. */
interface FileConflict {
  kind: 'file';
  file: string;
  reason: string;
}

export type Conflict = FieldConflict | FileConflict;

/** The file's three versions: where they last met, the change set's, the published branch's (absent: no such file). */
export interface Versions {
  base?: string;
  changeSet?: string;
  published?: string;
}

export type Resolution = { ok: true; text: string | undefined } | { ok: false; conflicts: Conflict[] };

function parse(text: string): { ok: true; doc: unknown } | { ok: false } {
  try {
    return { ok: true, doc: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function describeConflict(
  file: string,
  conflict: MergeConflict,
  docs: { base: unknown; changeSet: unknown; published: unknown },
  label: BlockLabel,
): FieldConflict {
  // Worded where the place still is: in the change set, else in the published version, else in the one they started from.
  const [doc, path]: [unknown, Path] = conflict.minePath
    ? [docs.changeSet, conflict.minePath]
    : conflict.theirsPath
      ? [docs.published, conflict.theirsPath]
      : [docs.base, conflict.basePath ?? []];
  const words = fieldWords(doc, path, label);
  return {
    kind: conflict.kind,
    file,
    key: conflict.key,
    place: conflict.kind === 'order' ? `${words} (the order)` : words,
    pointer: pointerOf(path),
    base: conflict.base,
    changeSet: conflict.mine,
    published: conflict.theirs,
  };
}

/**
 * Merges `file`'s versions. `keepFormatOf` is the side whose text the result is written into: the branch the merge
 * happens on (the published branch when publishing, the change set when bringing it up to date).
 */
export function resolveJsonFile(
  file: string,
  versions: Versions,
  keepFormatOf: Side,
  options: { choices?: Record<string, FieldChoice>; blockLabel?: BlockLabel } = {},
): Resolution {
  const { base, changeSet, published } = versions;
  const fileConflict = (reason: string): Resolution => ({ ok: false, conflicts: [{ kind: 'file', file, reason }] });
  if (changeSet === published) return { ok: true, text: changeSet };
  if (changeSet === undefined || published === undefined)
    return fileConflict(
      changeSet === undefined
        ? 'deleted in the change set, changed on the published site'
        : 'changed in the change set, deleted on the published site',
    );
  if (base === undefined) return fileConflict('added by the change set and on the published site, differently');
  const docs = { base: parse(base), changeSet: parse(changeSet), published: parse(published) };
  const broken = (Object.keys(docs) as (keyof typeof docs)[]).filter((side) => !docs[side].ok);
  if (broken.length) return fileConflict(`not valid JSON (${broken.join(', ')})`);
  const value = (side: keyof typeof docs) => (docs[side] as { doc: unknown }).doc;
  const choices: Record<string, Choice> = {};
  for (const [key, side] of Object.entries(options.choices ?? {})) choices[key] = side === 'published' ? 'theirs' : 'mine';
  // A text of the person's own goes into the change set's side of its field, which then wins.
  const written = writeTexts(value('base'), value('changeSet'), value('published'), options.choices ?? {});
  if (!written.ok) return fileConflict(written.reason);
  // The change set is "mine": its changes and the published ones are both kept; a conflict stays open unless chosen.
  const result = mergeJson(value('base'), written.changeSet, value('published'), choices);
  const open = result.conflicts.filter((conflict) => !(conflict.key in choices));
  const label = options.blockLabel ?? defaultBlockLabel;
  if (open.length)
    return {
      ok: false,
      conflicts: open.map((conflict) =>
        describeConflict(file, conflict, { base: value('base'), changeSet: value('changeSet'), published: value('published') }, label),
      ),
    };
  const text = keepFormatOf === 'published' ? published : changeSet;
  try {
    return { ok: true, text: editJsonText(text, result.merged) };
  } catch (error) {
    // json-edit refuses only when it cannot write the document in place; the document itself is still right.
    if (!(error instanceof JsonEditError)) throw error;
    return { ok: true, text: `${JSON.stringify(result.merged, null, 2)}\n` };
  }
}

/**
 * What a merge of one document is told, as plain data so that it can go to a content worker: the conflicts a person
 * settled, and the sections of the template the document is written on (they name its blocks in a conflict's words,
 * as block-labels.ts names them elsewhere).
 */
export interface ResolveOptions {
  choices?: Record<string, FieldChoice>;
  sections?: TemplateSection[];
}

/** resolveJsonFile, told as plain data (a content worker's and the main thread's merge alike). */
export function resolveJsonDocument(file: string, versions: Versions, keepFormatOf: Side, options: ResolveOptions = {}): Resolution {
  return resolveJsonFile(file, versions, keepFormatOf, {
    ...(options.choices ? { choices: options.choices } : {}),
    ...(options.sections ? { blockLabel: sectionLabeller(options.sections) } : {}),
  });
}

/**
 * The change set's version with each text choice written where its conflict is: found by a merge without choices (a
 * text replaced in place changes no identity or position, so the conflict keeps its key). Only a text field both
 * sides changed takes a text of its own.
 */
function writeTexts(
  base: unknown,
  changeSet: unknown,
  published: unknown,
  choices: Record<string, FieldChoice>,
): { ok: true; changeSet: unknown } | { ok: false; reason: string } {
  const texts = Object.entries(choices).filter((entry): entry is [string, { text: string }] => typeof entry[1] !== 'string');
  if (!texts.length) return { ok: true, changeSet };
  const { conflicts } = mergeJson(base, changeSet, published);
  const copy = structuredClone(changeSet);
  for (const [key, { text }] of texts) {
    const conflict = conflicts.find((candidate) => candidate.key === key);
    const path = conflict?.minePath;
    if (!conflict || !path?.length || typeof conflict.mine !== 'string' || typeof conflict.theirs !== 'string')
      return { ok: false, reason: 'a text of your own was given for a place that is not a text both sides changed' };
    let parent = copy as Record<string | number, unknown>;
    for (const segment of path.slice(0, -1)) parent = parent[segment] as Record<string | number, unknown>;
    parent[path[path.length - 1]] = text;
  }
  return { ok: true, changeSet: copy };
}
