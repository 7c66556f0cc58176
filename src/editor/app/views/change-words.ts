/**
 * A change to a document in a marketer's words: "Hero › Subheading: “old” → “new”", "FAQ › Question 4: added
 * “…”". What a colleague changed on disk (DiskChange.tsx) and what a save writes (the Save dialog) read alike.
 */
import { fieldWords } from '../../shared/field-words';
import type { DocumentPayload, SiteVocabulary } from '../../protocol';
import { itemTitle } from '../form/schema';
import { isObject } from '../../shared/json-path';
import { mergeJson, type TheirChange } from '../../shared/three-way-merge';

/** How many changes a list shows before "and N more". */
export const SHOWN_CHANGES = 8;

/** The name of a section (or a template's section) in the words of the editor. */
export type Labeller = (block: Record<string, unknown>) => string | undefined;

/** Names a block by its type, a template page's section by its slot, a template's section by its block. */
export function blockLabeller(payload: DocumentPayload, vocabulary: SiteVocabulary): Labeller {
  const byType = new Map(vocabulary.blocks.map((block) => [block.type, block.label]));
  return (block: Record<string, unknown>) => {
    // Only block types: a record's own `type` ("Full-time") is no section.
    if (typeof block.type === 'string') return byType.get(block.type);
    if (typeof block.block === 'string') return byType.get(block.block);
    if (typeof block.slot === 'string') return payload.template?.sections.find((section) => section.slot === block.slot)?.label;
    return undefined;
  };
}

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
