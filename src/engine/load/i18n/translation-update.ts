/**
 * A translation file brought up to date with its English (`npm run i18n:extract`, the editor's translation view):
 * every text of the source in source order, under its key. A translation goes with the English it was made from
 * (./translation-match.ts): kept where its text is, following a text whose key changed, kept with its older English
 * when that English changed (so the checks show old and new), never moved onto another text. A plain-string
 * translation is written out with its English. Texts without one get an empty "text" to fill; keys the source no
 * longer has are dropped.
 */
import type { ContentText } from './content-texts';
import { translationMatcher } from './translation-match';
import { fingerprintOf, type TranslationFile, type WrittenTranslationFile } from './translation-files';

export interface TranslationUpdate {
  file: WrittenTranslationFile;
  /** Keys added with an empty text to fill. */
  added: string[];
  /** Keys the source no longer has, dropped. */
  removed: string[];
  /** Translations that followed their text to its new key. */
  moved: string[];
  /** Texts without a translation, to fill. */
  toTranslate: number;
  /** Translations made from an older English, to update. */
  outdated: number;
}

export function updatedTranslationFile(texts: readonly ContentText[], existing: TranslationFile = {}): TranslationUpdate {
  const match = translationMatcher(existing, texts);
  const file: WrittenTranslationFile = {};
  const update: Omit<TranslationUpdate, 'file'> = { added: [], removed: [], moved: [], toTranslate: 0, outdated: 0 };
  for (const text of texts) {
    const found = match(text);
    if (found.state === 'translated') {
      file[text.key] = { source: text.source, text: found.entry.text, fingerprint: fingerprintOf(text.source, found.entry.text) };
      if (found.key !== text.key) update.moved.push(text.key);
    } else if (found.state === 'outdated') {
      file[text.key] = {
        source: found.entry.source ?? text.source,
        text: found.entry.text,
        ...(found.entry.fingerprint ? { fingerprint: found.entry.fingerprint } : {}),
      };
      update.outdated++;
    } else {
      file[text.key] = { source: text.source, text: '' };
      update.toTranslate++;
      if (!(text.key in existing)) update.added.push(text.key);
    }
  }
  update.removed = Object.keys(existing).filter((key) => !(key in file));
  return { file, ...update };
}
