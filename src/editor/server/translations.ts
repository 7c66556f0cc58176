/**
 * Translation in the editor: one document's texts in one language, beside their English (missing, out of date or
 * translated, with the English a translation was made from), a draft of them rendered as the page in that language,
 * and saving them to the language's translation file. Also, for an English draft, what it leaves to translate in
 * each language. The same rules as the site and `npm run i18n:extract` (src/engine/load/i18n/translation-match.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { contentTexts, type ContentText } from '../../engine/load/i18n/content-texts';
import { unusable } from '../../engine/load/i18n/localize';
import { translationMatcher } from '../../engine/load/i18n/translation-match';
import { entriesOf, fingerprintOf, translationFilePath, type TranslationFile } from '../../engine/load/i18n/translation-files';
import { updatedTranslationFile } from '../../engine/load/i18n/translation-update';
import { listJsonFiles, parseJson } from '../../engine/load/documents/json-files';
import { jsonPointer, type Problem } from '../../engine/model/problems';
import type { Locale } from '../../engine/model/site-schema';
import { MEDIA_DIR } from '../../engine/model/media';
import { TEMPLATES_DIR } from '../../engine/load/templates/template-schema';
import type { ContentResult } from '../../engine/load/load-content';
import { fieldWords } from '../shared/field-words';
import { documentName } from '../shared/marketer-words';
import { blockLabeller } from './block-labels';
import { hashText, readContentFile, resolveContentFile } from './content-files';
import type { PendingLanguage, TranslationPayload, TranslationSaveResponse, TranslationText } from '../protocol';

/** The document's translatable texts, as the tools key them (its template is read for a page written on one). */
function textsOf(contentDir: string, file: string, doc: unknown): ContentText[] {
  const docs = new Map<string, unknown>([[file, doc]]);
  for (const template of listJsonFiles(contentDir).filter((name) => name.startsWith(`${TEMPLATES_DIR}/`)))
    if (template !== file) docs.set(template, parseJson(readContentFile(contentDir, template).text, template).value);
  return contentTexts(docs).get(file) ?? [];
}

/** A language's translation file of `file`: its entries and the hash of its text (null when there is none yet). */
function readTranslation(
  contentDir: string,
  locale: string,
  file: string,
): { entries: TranslationFile; hash: string | null; text?: string } {
  const name = translationFilePath(locale, file);
  if (!existsSync(join(contentDir, name))) return { entries: {}, hash: null };
  const { text, hash } = readContentFile(contentDir, name);
  const parsed = parseJson(text, `pages-json/${name}`);
  if (parsed.problem)
    throw new TranslationFileError(
      `pages-json/${name} is not valid JSON (${parsed.problem.where}): fix it in the file first, then open it here again`,
    );
  return { entries: entriesOf(parsed.value), hash, text };
}

export class TranslationFileError extends Error {}

const display = (file: string) => `pages-json/${file}`;

/** The document's texts in `locale`, each with its English and what the language has of it. */
export function translationPayload(
  contentDir: string,
  file: string,
  locale: Locale,
  result: ContentResult | undefined,
): TranslationPayload {
  const source = JSON.parse(readContentFile(contentDir, file).text) as unknown;
  const label = blockLabeller(source, result);
  const texts = textsOf(contentDir, file, source);
  const { entries, hash } = readTranslation(contentDir, locale.code, file);
  const match = translationMatcher(entries, texts);
  const title = (source as { meta?: { title?: unknown } })?.meta?.title;
  return {
    file,
    display: display(file),
    // A document that is not a page in words ("plans collection"), never its file.
    title:
      typeof title === 'string'
        ? title
        : file.startsWith(`${MEDIA_DIR}/`)
          ? `image ${file.slice(MEDIA_DIR.length + 1, -'.json'.length)}`
          : documentName(display(file)).replace(/^the /, ''),
    locale: { code: locale.code, name: locale.name, prefix: locale.prefix },
    translationFile: display(translationFilePath(locale.code, file)),
    hash,
    texts: texts.map((text): TranslationText => {
      const found = match(text);
      // In the words the page's form uses ("FAQ › Item 3 › Question").
      const where = fieldWords(source, text.path as (string | number)[], label);
      const base = { key: text.key, pointer: jsonPointer(text.path), where, source: text.source, ...(text.max ? { max: text.max } : {}) };
      if (found.state === 'missing') return { ...base, state: 'missing', text: '' };
      if (found.state === 'outdated')
        return { ...base, state: 'outdated', text: found.entry.text, ...(found.was ? { was: found.was } : {}) };
      return { ...base, state: 'translated', text: found.entry.text };
    }),
  };
}

/**
 * The document with a draft of its translation applied, for the preview, and what is wrong with the draft's texts
 * (placeholders, plural forms). A text without a usable translation shows its English.
 */
export function localizedDraft(
  contentDir: string,
  file: string,
  locale: Locale,
  draft: Record<string, string>,
): { doc: unknown; problems: Problem[] } {
  const doc = JSON.parse(readContentFile(contentDir, file).text) as unknown;
  const texts = textsOf(contentDir, file, doc);
  const problems: Problem[] = [];
  const translationFile = display(translationFilePath(locale.code, file));
  for (const text of texts) {
    const translation = draft[text.key];
    if (!translation?.trim()) continue;
    const cannot = unusable(text, translation, `${locale.code}-${locale.region}`);
    for (const { message, hint } of cannot)
      problems.push({
        file: translationFile,
        where: text.key,
        pointer: jsonPointer([text.key]),
        message,
        ...(hint ? { hint } : {}),
        severity: 'error',
      });
    if (!cannot.length) setIn(doc, text.path, translation);
  }
  return { doc, problems };
}

function setIn(doc: unknown, path: readonly PropertyKey[], value: string) {
  let node = doc as Record<PropertyKey, unknown>;
  for (const step of path.slice(0, -1)) node = node[step] as Record<PropertyKey, unknown>;
  node[path[path.length - 1]] = value;
}

/**
 * The language's translation file with the translator's texts (key -> translation) in it, to write (the endpoints
 * write it through their document store), or why not: each as a translation of the
 * English as it is now, fingerprinted (saving a text confirms it fits that English). The file is brought up to date
 * with the English on the way, as `npm run i18n:extract` would. A file changed on disk since it was opened keeps
 * what the other side wrote, except where the translator wrote the same key.
 */
export function saveTranslation(
  contentDir: string,
  file: string,
  locale: Locale,
  written: Record<string, string>,
  baseHash: string | null,
): { response: TranslationSaveResponse; text?: string } {
  const source = JSON.parse(readContentFile(contentDir, file).text) as unknown;
  const texts = textsOf(contentDir, file, source);
  const { entries, hash } = readTranslation(contentDir, locale.code, file);
  const unknownKeys = Object.keys(written).filter((key) => !texts.some((text) => text.key === key));
  if (unknownKeys.length)
    return {
      response: {
        outcome: 'refused',
        message: `The English no longer has ${unknownKeys.join(', ')}: open the page again to see its texts now.`,
      },
    };
  const problems = localizedDraft(contentDir, file, locale, written).problems;
  // Each at its text, by the English it translates (its key is the tools' notation).
  const englishOf = (key: string) => texts.find((text) => text.key === key)?.source ?? key;
  if (problems.length)
    return { response: { outcome: 'refused', message: problems.map((p) => `“${englishOf(p.where)}”: ${p.message}`).join('\n') } };
  const { file: updated } = updatedTranslationFile(texts, entries);
  for (const text of texts) {
    const translation = written[text.key];
    if (translation === undefined) continue;
    if (translation.trim())
      updated[text.key] = { source: text.source, text: translation, fingerprint: fingerprintOf(text.source, translation) };
    else updated[text.key] = { source: text.source, text: '' };
  }
  const name = translationFilePath(locale.code, file);
  resolveContentFile(contentDir, name); // inside the content folder, or refused
  const text = `${JSON.stringify(updated, null, 2)}\n`;
  return { response: { outcome: 'saved', hash: hashText(text), mergedWithDisk: hash !== baseHash }, text };
}

/** For a draft of an English document: what it leaves to translate in each other language. */
export function pendingTranslations(contentDir: string, file: string, doc: unknown, locales: readonly Locale[]): PendingLanguage[] {
  const texts = textsOf(contentDir, file, doc);
  if (!texts.length) return [];
  return locales.slice(1).flatMap((locale) => {
    let entries: TranslationFile;
    try {
      entries = readTranslation(contentDir, locale.code, file).entries;
    } catch {
      return []; // a file that does not parse: validation names it
    }
    const match = translationMatcher(entries, texts);
    const states = texts.map((text) => match(text).state);
    const missing = states.filter((state) => state === 'missing').length;
    const outdated = states.filter((state) => state === 'outdated').length;
    if (!missing && !outdated) return [];
    return [{ code: locale.code, name: locale.name, missing, outdated, total: texts.length, published: missing < texts.length }];
  });
}
