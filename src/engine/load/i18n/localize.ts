/**
 * One locale's content: the English documents (or its fallback locale's) with their translatable text replaced from
 * the locale's translation files, where a translation of that very English exists (./translation-match.ts): an
 * overlay for loadContent, which then checks the translated site exactly as it checks the English one. A text without
 * a usable translation keeps its fallback's text, and its state says why (missing, or made from an older English).
 * Reported here, naming the translation file and key: a file that is not valid JSON (an error: the file cannot be
 * read), translations whose placeholders or plural forms differ from the English (not used), plain-string entries and
 * keys the source no longer has. What is still to translate is summed up per page (./translation-state.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parseJson } from '../documents/json-files';
import { jsonPointer, type JsonPath, type Problem } from '../../model/problems';
import { TOKEN_PATTERN } from '../../model/resolve';
import type { Locale } from '../../model/site-schema';
import type { ContentText } from './content-texts';
import { countMessageProblem } from '../../model/count-message';
import { MARK_CHARACTERS } from '../../../lib/foreign-text';
import { translationMatcher, type TranslationMatch } from './translation-match';
import { entriesOf, translationFilePath, type TranslationEntry, type TranslationFile } from './translation-files';

type TextState = 'translated' | 'outdated' | 'missing';

/** One text of a document in one locale. */
export interface TextTranslation extends ContentText {
  state: TextState;
  /** Words of its English, which weigh how much of a page is translated. */
  words: number;
  /** Outdated: the English its translation was made from, when the file says. */
  was?: string;
  /** Its translation as written, when there is one (also an outdated or unusable one). */
  translation?: string;
  /** Translated by the same term's translation in another document (src/engine/model/fields.ts term), not its own. */
  fromTerm?: true;
}

/** A document's texts in one locale. */
export interface FileTranslation {
  /** The translation file, as problems name it: `pages-json/_translations/es/index.json`. */
  translationFile: string;
  texts: TextTranslation[];
  /** The translation file could not be read (its problem is reported): nothing of it is known. */
  unreadable?: true;
}

export interface LocalizedContent {
  /** Content file -> its translated document (a copy: the source documents are unchanged). */
  overlay: Map<string, unknown>;
  problems: Problem[];
  /** Content file -> the state of each of its texts. */
  files: Map<string, FileTranslation>;
}

/** The {placeholders} of a text; a plural message's count (`{total, plural, ...}`) counts as `{total}`. */
const placeholders = (text: string) =>
  // Most texts have none: no braces, nothing to look for (asked of every text in every locale).
  text.includes('{')
    ? [
        ...new Set([...(text.match(TOKEN_PATTERN) ?? []), ...[...text.matchAll(/\{\s*(\w+)\s*,\s*plural\s*,/g)].map((m) => `{${m[1]}}`)]),
      ].sort()
    : [];

/** The runs of non-space characters (what splitting at spaces leaves, without making the pieces' array twice). */
const wordCount = (text: string) => text.match(/\S+/g)?.length ?? 0;
/** Counted once per text, not once per language: the texts are the English's, shared by every language. */
const wordCounts = new WeakMap<ContentText, number>();
function wordsOf(text: ContentText) {
  let words = wordCounts.get(text);
  if (words === undefined) wordCounts.set(text, (words = wordCount(text.source)));
  return words;
}

function setAt(doc: unknown, path: JsonPath, value: string) {
  let node = doc as Record<PropertyKey, unknown>;
  for (const step of path.slice(0, -1)) node = node[step as never] as Record<PropertyKey, unknown>;
  node[path[path.length - 1] as never] = value;
}

/** Why a translation cannot be shown for its English (placeholders or plural forms that differ, a control character); none when it can. */
export function unusable(text: ContentText, translation: string, tag: string): { message: string; hint?: string }[] {
  const expected = placeholders(text.source);
  const got = placeholders(translation);
  const plural = countMessageProblem(translation, tag);
  return [
    ...(MARK_CHARACTERS.test(translation)
      ? [{ message: 'the translation holds an invisible control character', hint: 'delete it (it often comes along with pasted text)' }]
      : []),
    ...(expected.join() !== got.join()
      ? [
          {
            message: `the translation has the placeholders ${got.join(', ') || 'none'}; the English has ${expected.join(', ') || 'none'}: the English shows until it is fixed`,
            hint: 'keep every {placeholder} of the English, untranslated',
          },
        ]
      : []),
    ...(plural ? [plural] : []),
  ];
}

/** English term -> its translation, from the first document that translates it (src/engine/model/fields.ts term). */
function termTranslations(
  texts: ReadonlyMap<string, ContentText[]>,
  matchers: ReadonlyMap<string, (text: ContentText) => TranslationMatch>,
) {
  const terms = new Map<string, string>();
  for (const [file, list] of texts) {
    const match = matchers.get(file)!;
    for (const text of list) {
      const found = text.term && !terms.has(text.source) ? match(text) : undefined;
      if (found?.state === 'translated') terms.set(text.source, found.entry.text);
    }
  }
  return terms;
}

export function localizeContent(
  contentDir: string,
  rootDir: string,
  locale: Locale,
  docs: ReadonlyMap<string, unknown>,
  texts: ReadonlyMap<string, ContentText[]>,
  /** Translations made in memory instead of read from the locale's files (the pseudo-locales). */
  generated?: (texts: ContentText[]) => TranslationFile,
): LocalizedContent {
  const problems: Problem[] = [];
  const overlay = new Map<string, unknown>();
  const files = new Map<string, FileTranslation>();
  const contentPrefix = relative(rootDir, contentDir).split(sep).join('/');
  const tag = `${locale.code}-${locale.region}`;
  const displayOf = (file: string) => `${contentPrefix}/${translationFilePath(locale.code, file)}`;
  // Every translation file first: a term's translation in one serves the same term in all (below).
  const read = new Map<string, { entries: TranslationFile; unreadable: boolean }>();
  for (const [file, list] of texts) {
    const path = join(contentDir, translationFilePath(locale.code, file));
    if (generated || !existsSync(path)) {
      read.set(file, { entries: generated?.(list) ?? {}, unreadable: false });
      continue;
    }
    const parsed = parseJson(readFileSync(path, 'utf8'), displayOf(file));
    if (parsed.problem) problems.push(parsed.problem);
    read.set(file, { entries: parsed.problem ? {} : entriesOf(parsed.value), unreadable: Boolean(parsed.problem) });
  }
  const matchers = new Map([...texts].map(([file, list]) => [file, translationMatcher(read.get(file)!.entries, list)]));
  const terms = termTranslations(texts, matchers);
  for (const [file, list] of texts) {
    const display = displayOf(file);
    const problem = (key: string, severity: Problem['severity'], message: string, hint?: string) =>
      problems.push({ file: display, where: key, pointer: key ? jsonPointer([key]) : '', message, ...(hint ? { hint } : {}), severity });
    const { entries, unreadable } = read.get(file)!;
    const match = matchers.get(file)!;
    const localized = structuredClone(docs.get(file));
    const used = new Set<TranslationEntry>();
    const states: TextTranslation[] = list.map((text) => {
      const found = match(text);
      const base = { ...text, words: wordsOf(text) };
      const shared = text.term && found.state === 'missing' ? terms.get(text.source) : undefined;
      if (shared !== undefined) {
        setAt(localized, text.path, shared);
        return { ...base, state: 'translated', fromTerm: true };
      }
      if (found.state === 'missing') return { ...base, state: 'missing' };
      used.add(found.entry);
      if (found.state === 'outdated')
        return { ...base, state: 'outdated', translation: found.entry.text, ...(found.was ? { was: found.was } : {}) };
      const cannot = unusable(text, found.entry.text, tag);
      if (cannot.length) {
        for (const { message, hint } of cannot) problem(found.key, 'warning', message, hint);
        return { ...base, state: 'missing', translation: found.entry.text };
      }
      if (found.entry.source === undefined)
        problem(
          found.key,
          'warning',
          'written as a plain string: taken as a translation of the English as it is now',
          `npm run i18n:extract -- ${locale.code} writes it out with that English, so a later change to the English shows here`,
        );
      setAt(localized, text.path, found.entry.text);
      return { ...base, state: 'translated' };
    });
    const keys = new Set(list.map((text) => text.key));
    for (const [key, entry] of Object.entries(entries))
      if (!used.has(entry) && !keys.has(key))
        problem(key, 'warning', 'this key is no longer in the English source', `remove it (npm run i18n:extract -- ${locale.code} does)`);
    overlay.set(file, localized);
    files.set(file, { translationFile: display, texts: states, ...(unreadable ? { unreadable: true } : {}) });
  }
  return { overlay, problems, files };
}
