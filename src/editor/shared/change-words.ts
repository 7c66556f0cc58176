/**
 * A change to a document in a marketer's words: "Hero › Subheading: “old” → “new”", "FAQ › Question 4: added
 * “…”". What a colleague changed on disk, what a save writes (the editor's Save dialog) and what a change set
 * changes (its review, its commits' messages) read alike. Sections are named by the caller's `Labeller`.
 */
import { fieldWords } from './field-words';
import { itemTitle } from './item-title';
import { isObject } from './json-path';
import { mergeJson, type TheirChange } from './three-way-merge';

/** How many changes a list shows before "and N more". */
export const SHOWN_CHANGES = 8;

/** The name of a section (or a template's section) in the words of the editor. */
export type Labeller = (block: Record<string, unknown>) => string | undefined;

const MAX_TEXT = 160;
const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);

/** A value as a marketer reads it: a text in quotes, a list by its items' names, "(none)" when absent. */
export function describe(value: unknown): string {
  if (value === undefined) return '(none)';
  if (typeof value === 'string') return `“${clip(value)}”`;
  if (Array.isArray(value))
    return clip(value.map((item) => itemTitle(item) ?? (isObject(item) ? String(item.type ?? '…') : String(item))).join(', '));
  if (isObject(value)) return clip(itemTitle(value) ?? JSON.stringify(value));
  return String(value);
}

/** One change, worded where it is: in `docs.theirs`, or (for a removal) in `docs.base`. */
export function changeWords(change: TheirChange, notice: { base: unknown; theirs: unknown }, label: Labeller): string {
  const where = fieldWords(change.in === 'base' ? notice.base : notice.theirs, change.path, label);
  switch (change.kind) {
    case 'changed':
      return `${where}: ${describe(change.before)} → ${describe(change.after)}`;
    case 'added':
      return `${where}: added ${describe(change.after)}`;
    case 'removed':
      return `${where}: removed ${describe(change.before)}`;
    case 'moved':
      return `${where}: reordered`;
  }
}

/** Every change from `before` to `after`, in words: what the Save dialog says the save writes. */
export function changesInWords(before: unknown, after: unknown, label: Labeller): string[] {
  // A merge in which only the other side changed anything lists exactly that side's changes.
  const { theirChanges } = mergeJson(before, before, after);
  return theirChanges.map((change) => changeWords(change, { base: before, theirs: after }, label));
}
