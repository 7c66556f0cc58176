/**
 * Translation files: `pages-json/_translations/<locale>/<the source file's path>`, one per content file, holding
 * only its translatable text: `{ "<key>": { "source": "<the English it was translated from>", "text": "<translation>" } }`.
 * `source` is how CI knows a translation is out of date: when the English changes, it no longer matches. The tools
 * add a `fingerprint` of the source and text they confirmed, so a `source` brought up to date by hand while the text
 * stayed as it was still reads as out of date (./translation-match.ts). A translator may also write a plain string
 * (`"<key>": "<translation>"`): a translation of the English as it is, which `npm run i18n:extract` writes out whole.
 */
import { hash } from 'node:crypto';
import { isPlainObject } from '../../../lib/is-plain-object';
import { TRANSLATIONS_DIR } from './paths';

export interface TranslationEntry {
  /** The English the translation was made from; none for a plain string (made from the English as it is). */
  source?: string;
  text: string;
  /** `<hash of source>.<hash of text>` when a tool last confirmed the translation fits its source. */
  fingerprint?: string;
}

export type TranslationFile = Record<string, TranslationEntry>;

export const translationFilePath = (locale: string, file: string) => `${TRANSLATIONS_DIR}/${locale}/${file}`;

// crypto.hash, one call per text: createHash's object per text was a tenth of `npm run validate`.
const hash8 = (text: string) => hash('sha256', text, 'hex').slice(0, 8);

/** The fingerprint of a translation confirmed to fit `source`. */
export const fingerprintOf = (source: string, text: string) => `${hash8(source)}.${hash8(text)}`;

/**
 * Whether an entry's `source` was changed since its translation was confirmed while its text was not: the English
 * changed and the translation was not brought up to date with it, whatever `source` now says.
 */
export function sourceChangedAlone(entry: TranslationEntry): boolean {
  if (!entry.fingerprint || entry.source === undefined) return false;
  // Asked of each entry again while matching it (translation-match.ts): answered once per entry object and fingerprint.
  const known = changedAlone.get(entry);
  if (known?.fingerprint === entry.fingerprint && known.source === entry.source && known.text === entry.text) return known.answer;
  const [source, text] = entry.fingerprint.split('.');
  const answer = source !== hash8(entry.source) && text === hash8(entry.text);
  changedAlone.set(entry, { fingerprint: entry.fingerprint, source: entry.source, text: entry.text, answer });
  return answer;
}
const changedAlone = new WeakMap<TranslationEntry, { fingerprint: string; source: string; text: string; answer: boolean }>();

function entryOf(value: unknown): TranslationEntry | undefined {
  if (typeof value === 'string') return { text: value };
  if (!isPlainObject(value) || typeof value.source !== 'string' || typeof value.text !== 'string') return undefined;
  return {
    source: value.source,
    text: value.text,
    ...(typeof value.fingerprint === 'string' ? { fingerprint: value.fingerprint } : {}),
  };
}

/** The entries of a parsed translation file (anything that is not an entry is reported by the checks, not here). */
export function entriesOf(value: unknown): TranslationFile {
  if (!isPlainObject(value)) return {};
  const entries: TranslationFile = {};
  for (const [key, item] of Object.entries(value)) {
    const entry = key.startsWith('$') ? undefined : entryOf(item);
    if (entry) entries[key] = entry;
  }
  return entries;
}

/** A translation file as written: every entry with its source. */
export type WrittenTranslationFile = Record<
  string,
  Required<Pick<TranslationEntry, 'source' | 'text'>> & Pick<TranslationEntry, 'fingerprint'>
>;
