/**
 * How large a document or a draft the editor takes, so that one person's request never costs everyone else minutes
 * (a 2.5 MB draft of 10,000 blocks took 40 s to check). Chosen from the real site with generous room: its largest
 * file is 60 kB (a translation of the use cases), its largest page 13 kB with 15 blocks, its longest list 60 items (the use cases collection).
 * Larger is refused before any of it is checked: 413 for the size, 422 for the count, in words.
 */
import { HttpError } from './http';

export const DOCUMENT_LIMITS = {
  /** A request's body: a document, a draft or a translation, as sent (16 times the site's largest file). */
  bytes: 1024 * 1024,
  /** Sections of one page or template (13 times the site's fullest page). */
  blocks: 200,
  /** Items of any one list in a document: cards, questions, plans, a collection's entries (16 times the longest). */
  listItems: 1000,
} as const;

const kilobytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} kB`);

/** Why a request of `bytes` is refused (413). */
export const tooLargeMessage = (bytes: number) =>
  `This is too large for the editor: ${kilobytes(bytes)}, and a document can be at most ${kilobytes(DOCUMENT_LIMITS.bytes)} ` +
  `(the site's largest is 60 kB). Split it into several pages, or move long lists into a collection.`;

/** The longest list anywhere in a value, with where it is (`blocks`, `blocks › 3 › items`). */
function longestList(value: unknown, place: string[] = []): { length: number; place: string[] } {
  let longest = { length: 0, place };
  if (Array.isArray(value)) {
    longest = { length: value.length, place };
    value.forEach((item, index) => {
      const inner = longestList(item, [...place, String(index + 1)]);
      if (inner.length > longest.length) longest = inner;
    });
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const inner = longestList(item, [...place, key]);
      if (inner.length > longest.length) longest = inner;
    }
  }
  return longest;
}

/** Refuses (422) a document with more sections, or a longer list, than the editor takes. */
export function checkDocumentLimits(doc: unknown) {
  const blocks = doc && typeof doc === 'object' && 'blocks' in doc ? (doc as { blocks: unknown }).blocks : undefined;
  const sections = doc && typeof doc === 'object' && 'sections' in doc ? (doc as { sections: unknown }).sections : undefined;
  for (const list of [blocks, sections]) {
    if (Array.isArray(list) && list.length > DOCUMENT_LIMITS.blocks)
      throw new HttpError(
        422,
        `This page has ${list.length.toLocaleString('en')} sections, and a page can have at most ${DOCUMENT_LIMITS.blocks} ` +
          `(the site's fullest has 15). Split it into several pages.`,
      );
  }
  const longest = longestList(doc);
  if (longest.length > DOCUMENT_LIMITS.listItems)
    throw new HttpError(
      422,
      `A list in this document (${longest.place.join(' › ') || 'the document'}) has ${longest.length.toLocaleString('en')} items, ` +
        `and a list can have at most ${DOCUMENT_LIMITS.listItems.toLocaleString('en')}. Split it, or move its items into a collection.`,
    );
}
