/**
 * Which translation belongs to which English text: the one rule the site (./localize.ts) and the tools that rewrite
 * translation files (`npm run i18n:extract`, the editor) share, so they never disagree. A translation is only ever
 * attached to the English it was made from:
 * - the entry at the text's key, made from this very English (or written as a plain string), is its translation;
 * - else an entry anywhere in the file made from this English (a section that moved, so its key changed);
 * - else the entry at its key, made from an English the document no longer has, is its translation of an older
 *   English: out of date, not shown, listed with the old and new English. Made from an English another text of the
 *   document has, it is that text's (a list item removed before it moved the items after it), never this one's.
 * An entry whose `source` was updated while its text stayed as it was is out of date too (translation-files.ts).
 */
import type { ContentText } from './content-texts';
import { sourceChangedAlone, type TranslationEntry, type TranslationFile } from './translation-files';

export type TranslationMatch =
  /** `key`: where the entry is (the text's own key, or where a moved text was translated). */
  | { state: 'translated'; key: string; entry: TranslationEntry }
  /** `was`: the English the translation was made from, when the file still says. */
  | { state: 'outdated'; key: string; entry: TranslationEntry; was?: string }
  | { state: 'missing' };

/** The match of each of a document's texts in its translation file's entries. */
export function translationMatcher(entries: TranslationFile, texts: readonly ContentText[]): (text: ContentText) => TranslationMatch {
  const currentSources = new Set(texts.map((text) => text.source));
  const bySource = new Map<string, { key: string; entry: TranslationEntry }>();
  for (const [key, entry] of Object.entries(entries))
    if (entry.text && entry.source !== undefined && !bySource.has(entry.source) && !sourceChangedAlone(entry))
      bySource.set(entry.source, { key, entry });
  return (text) => {
    const atKey = entries[text.key];
    if (atKey?.text && (atKey.source === undefined || atKey.source === text.source))
      return sourceChangedAlone(atKey)
        ? { state: 'outdated', key: text.key, entry: atKey }
        : { state: 'translated', key: text.key, entry: atKey };
    const moved = bySource.get(text.source);
    if (moved) return { state: 'translated', ...moved };
    if (atKey?.text && atKey.source !== undefined && !currentSources.has(atKey.source))
      return { state: 'outdated', key: text.key, entry: atKey, was: atKey.source };
    return { state: 'missing' };
  };
}
