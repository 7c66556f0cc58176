/**
 * Translation files: `pages-json/_translations/<locale>/<the source file's path>`, one per content file, holding
 * only its translatable text: `{ "<key>": { "source": "<the English it was translated from>", "text": "<translation>" } }`.
 * `source` is how CI knows a translation is out of date: when the English changes, it no longer matches.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentText } from './content-texts';
import { TRANSLATIONS_DIR } from './paths';

export interface TranslationEntry {
  source: string;
  text: string;
}

export type TranslationFile = Record<string, TranslationEntry>;

export const translationFilePath = (locale: string, file: string) => `${TRANSLATIONS_DIR}/${locale}/${file}`;

const isEntry = (value: unknown): value is TranslationEntry =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TranslationEntry).source === 'string' &&
  typeof (value as TranslationEntry).text === 'string';

/** The entries of a parsed translation file (anything that is not an entry is reported by the checks, not here). */
export function entriesOf(value: unknown): TranslationFile {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter(([key, entry]) => !key.startsWith('$') && isEntry(entry)));
}

export function readTranslationFile(contentDir: string, locale: string, file: string): TranslationFile | undefined {
  const path = join(contentDir, translationFilePath(locale, file));
  return existsSync(path) ? entriesOf(JSON.parse(readFileSync(path, 'utf8'))) : undefined;
}

/**
 * The translation file brought up to date with its source: every key of the source in source order, existing
 * translations kept (an outdated one keeps its old `source`, so the checks can show what changed), new keys
 * with an empty text to fill, keys the source no longer has dropped.
 */
export function updatedTranslationFile(texts: ContentText[], existing: TranslationFile = {}): TranslationFile {
  const bySource = new Map(Object.values(existing).map((entry) => [entry.source, entry]));
  return Object.fromEntries(
    texts.map(({ key, source }) => {
      const entry = existing[key] ?? bySource.get(source);
      return [key, entry?.text ? { source: entry.source, text: entry.text } : { source, text: '' }];
    }),
  );
}
