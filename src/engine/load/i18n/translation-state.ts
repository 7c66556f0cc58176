/**
 * How far each page, record and other document is translated into one locale, what that means for the page in that
 * language, and the one line per document that says what is pending.
 *
 * A page's own texts decide its state: translated (every text), outdated (every text has a translation, some made
 * from an older English), partly translated, or not yet translated (no translation at all). A translation missing
 * or outdated never stops the default language:
 * - a page not yet translated is published in the default language only (the language's links to it lead there);
 * - a page with any translation keeps its URL in the language (a URL that existed never turns into a 404), its
 *   untranslated text shown in the default language and marked so (./mark-untranslated.ts);
 * - it is indexed (in the sitemap, the hreflang alternates, no noindex) while at least INDEXED_SHARE of its words
 *   (its own and its template's) are translated: one new FAQ answer does not take a Spanish page out of search, and a
 *   page mostly in English is not presented to search engines as Spanish.
 * A locale with `"require": "complete"` makes anything pending an error, as a release gate; a `preview` locale
 * publishes every page, none indexed, and is summed up in one line.
 */
import type { LoadedPage } from '../content-types';
import { COLLECTIONS_DIR } from '../../model/collections';
import { MEDIA_DIR } from '../../model/media';
import type { PendingText, Problem } from '../../model/problems';
import type { Locale } from '../../model/site-schema';
import { TEMPLATES_DIR } from '../templates/template-schema';
import type { FileTranslation, TextTranslation } from './localize';
import { SITE_FILE } from './paths';

/** The share of a page's words that must be translated for the page to be indexed in that language. */
const INDEXED_SHARE = 0.8;

type DocumentState = 'translated' | 'outdated' | 'partial' | 'none';

interface Progress {
  total: number;
  translated: number;
  outdated: number;
  missing: number;
  /** Of the translated, those a shared term's translation covers: they alone do not make a page exist in a language. */
  fromTerms: number;
}

interface PageTranslation {
  file: string;
  route: string | null;
  state: DocumentState;
  /** Its own texts. */
  progress: Progress;
  /** Of its words, its own and its template's, the share translated (1 for a page with none). */
  share: number;
  /** It has a page in this language. */
  published: boolean;
  /** That page is in the sitemap and alternates, without noindex. */
  indexed: boolean;
}

export interface LocaleTranslation {
  /** Every page file, as it is in this locale. */
  pages: Map<string, PageTranslation>;
  /** Collection records (`jobs:senior-engineer`), and records a template page states (`use-cases:lead-nurturing`). */
  records: Map<string, { file: string; state: DocumentState; progress: Progress }>;
  /** Routes with a page in this language. */
  published: Set<string>;
  /** Routes whose page in this language is indexed. */
  indexed: Set<string>;
  /** One line per document with something pending (warnings; errors for a locale that requires complete). */
  problems: Problem[];
}

function progressOf(texts: readonly TextTranslation[]): Progress {
  const count = (state: TextTranslation['state']) => texts.filter((text) => text.state === state).length;
  const fromTerms = texts.filter((text) => text.fromTerm).length;
  return { total: texts.length, translated: count('translated'), outdated: count('outdated'), missing: count('missing'), fromTerms };
}

function stateOf({ total, translated, outdated, fromTerms }: Progress): DocumentState {
  if (translated === total) return 'translated';
  if (translated + outdated === total) return 'outdated';
  return translated - fromTerms + outdated === 0 ? 'none' : 'partial';
}

let languageNames: Intl.DisplayNames | undefined;
/** The language's name in English, for messages: "Spanish". */
export const languageName = (code: string) => (languageNames ??= new Intl.DisplayNames(['en'], { type: 'language' })).of(code) ?? code;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

const pendingOf = (file: FileTranslation, texts: readonly TextTranslation[]): PendingText[] =>
  texts
    .filter((text): text is TextTranslation & { state: PendingText['state'] } => text.state !== 'translated')
    .map(({ key, state, source, was }) => ({ translationFile: file.translationFile, key, state, source, ...(was ? { was } : {}) }));

/** What is pending in `progress`, in words: "4 texts not yet in German, 2 made from an older English". */
function pendingWords({ missing, outdated }: Progress, language: string) {
  return [missing ? `${plural(missing, 'text')} not yet in ${language}` : '', outdated ? `${outdated} made from an older English` : '']
    .filter(Boolean)
    .join(', ')
    .replace(/^(\d+) made/, `$1 ${language} ${outdated === 1 ? 'text' : 'texts'} made`);
}

export function localeTranslation(
  locale: Locale & { default: boolean },
  english: { pages: LoadedPage[] },
  files: ReadonlyMap<string, FileTranslation>,
  display: (file: string) => string,
): LocaleTranslation {
  const pages = new Map<string, PageTranslation>();
  const records: LocaleTranslation['records'] = new Map();
  const problems: Problem[] = [];
  const published = new Set<string>();
  const indexed = new Set<string>();
  // Named only in a message: a site with none needs no Intl.DisplayNames (its making was a hundredth of a warm validate).
  const language = () => languageName(locale.code);
  const severity: Problem['severity'] = locale.require === 'complete' ? 'error' : 'warning';
  const command = (progress: Progress) => `npm run i18n:${progress.missing ? 'extract' : 'status'} -- ${locale.code}`;
  const report = (file: string, message: string, texts: PendingText[], hint?: string) =>
    problems.push({
      file: display(file),
      where: '',
      pointer: '',
      message,
      ...(hint ? { hint } : {}),
      severity,
      locale: locale.code,
      pending: texts,
    });
  const preview = locale.status === 'preview';

  for (const page of english.pages) {
    const own = files.get(page.file);
    const texts = own?.texts ?? [];
    const template = page.template ? (files.get(`${TEMPLATES_DIR}/${page.template}.json`)?.texts ?? []) : [];
    const progress = progressOf(texts);
    const words = [...texts, ...template].reduce((sum, text) => sum + text.words, 0);
    const translatedWords = [...texts, ...template].reduce((sum, text) => sum + (text.state === 'translated' ? text.words : 0), 0);
    const share = words ? translatedWords / words : 1;
    const state = locale.default ? 'translated' : stateOf(progress);
    const isPublished = locale.default || preview || state !== 'none' || page.route === null;
    const isIndexed =
      isPublished && !preview && !page.doc.meta.noindex && page.route !== null && (locale.default || share >= INDEXED_SHARE);
    pages.set(page.file, { file: page.file, route: page.route, state, progress, share, published: isPublished, indexed: isIndexed });
    if (page.route !== null && isPublished) published.add(page.route);
    if (page.route !== null && isIndexed) indexed.add(page.route);
    // A translation file that cannot be read is reported as such (an error), not as everything in it missing.
    if (locale.default || preview || state === 'translated' || !own || own.unreadable) continue;
    if (state === 'none')
      report(
        page.file,
        `not yet in ${language()} (${plural(progress.total, 'text')}), published in English only: ${command(progress)}`,
        pendingOf(own, texts),
      );
    else
      report(
        page.file,
        `${pendingWords(progress, language())}: shown in English until ${progress.missing ? 'translated' : 'updated'}${isIndexed ? '' : `, and the ${language()} page is kept out of search engines until ${INDEXED_SHARE * 100} % of its words are`}: ${command(progress)}`,
        pendingOf(own, texts),
      );
  }
  if (locale.default) return { pages, records, published, indexed, problems };

  // Other documents: records of collections (by id), the site configuration and templates (shown on many pages).
  for (const [file, translation] of files) {
    if (pages.has(file) || translation.unreadable) continue;
    const progress = progressOf(translation.texts);
    if (file.startsWith(`${COLLECTIONS_DIR}/`)) {
      const collection = file.slice(COLLECTIONS_DIR.length + 1, -'.json'.length);
      const byRecord = new Map<string, TextTranslation[]>();
      for (const text of translation.texts) {
        const id = text.key.startsWith('items.') ? text.key.split('.')[1] : undefined;
        if (id) byRecord.set(id, [...(byRecord.get(id) ?? []), text]);
      }
      for (const [id, texts] of byRecord)
        records.set(`${collection}:${id}`, { file, state: stateOf(progressOf(texts)), progress: progressOf(texts) });
      const pendingRecords = [...byRecord].filter(([, texts]) => texts.some((text) => text.state !== 'translated'));
      if (!preview && pendingRecords.length)
        report(
          file,
          `${plural(pendingRecords.length, 'record')} not yet fully in ${language()} (${pendingRecords.map(([id]) => id).join(', ')}): ${pendingWords(progress, language())}, shown in English until translated: ${command(progress)}`,
          pendingOf(translation, translation.texts),
        );
      continue;
    }
    if (preview || stateOf(progress) === 'translated') continue;
    const where =
      file === SITE_FILE ? 'on every page' : file.startsWith(`${MEDIA_DIR}/`) ? 'wherever the image shows' : 'on every page of its kind';
    report(
      file,
      `${pendingWords(progress, language())}: shown in English ${where} until translated: ${command(progress)}`,
      pendingOf(translation, translation.texts),
    );
  }
  if (preview) {
    const all = [...files.values()].flatMap((file) => file.texts);
    const progress = progressOf(all);
    if (progress.translated < progress.total)
      problems.push({
        file: display(SITE_FILE),
        where: '',
        pointer: '',
        message: `${language()} is a preview (no page indexed): ${pendingWords(progress, language())} across ${plural([...files.values()].filter((file) => file.texts.some((text) => text.state !== 'translated')).length, 'file')}: npm run i18n:status -- ${locale.code}`,
        severity,
        locale: locale.code,
      });
  }
  return { pages, records, published, indexed, problems };
}
