/**
 * The whole site in every language: the English content as loadContent checks it, then each other locale's
 * content (its translations applied, src/engine/load/i18n/localize.ts) checked the same way. A problem the
 * translated site has and the English has not is the translation's, reported with its locale. What each locale
 * has translated decides which of its pages are published and indexed (./translation-state.ts); its untranslated
 * text is marked as such in the content it renders (./mark-untranslated.ts).
 */
import { join, relative, sep } from 'node:path';
import type { ContentResult } from '../content-types';
import { jsonPointer, type Problem } from '../../model/problems';
import type { Locale } from '../../model/site-schema';
import type { LanguagePages } from '../../model/site-data';
import { loadContent } from '../load-content';
import { readContentDocs, siteLocales } from './content-docs';
import { contentTexts } from './content-texts';
import { localizeContent, type FileTranslation } from './localize';
import { markUntranslated, type UntranslatedTexts } from './mark-untranslated';
import { pseudoEntries, PSEUDO_LOCALES } from './pseudo';
import { localeTranslation, type LocaleTranslation } from './translation-state';
import { translationFilePath } from './translation-files';

type SiteLocale = Locale & { default: boolean };

export interface LocaleContent {
  locale: SiteLocale;
  /** The locale's content as it renders (the English for the default locale), its untranslated text marked. */
  content: ContentResult;
  /** Per content file: the state of each of its texts in this locale (empty for the default). */
  files: Map<string, FileTranslation>;
  /** Per page and record: how far it is translated, and which pages the locale publishes and indexes. */
  translation: LocaleTranslation;
}

export interface SiteContent {
  /** The default locale first. */
  locales: LocaleContent[];
  /** Every problem: the English content's, then each locale's own. */
  problems: Problem[];
  /** The pseudo-locales (src/engine/load/i18n/pseudo.ts), made on the first call: the dev server only pays for them when asked. */
  pseudoLocales: () => LocaleContent[];
}

const problemKey = (p: Problem) => `${p.file}\0${p.pointer}\0${p.message}`;

const once = <T>(make: () => T) => {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
};

/** Each locale after the one it falls back to (a circle, which validation reports, falls back to the default). */
function fallbacksFirst<T extends Locale>(locales: T[]): T[] {
  const ordered: T[] = [];
  const pending = [...locales];
  while (pending.length) {
    const ready = pending.findIndex((locale) => !pending.some((other) => other.code === locale.fallback && other !== locale));
    ordered.push(...pending.splice(ready === -1 ? 0 : ready, 1));
  }
  return ordered;
}

/** Records that template pages state (`use-cases:lead-nurturing`, its id the file's name): the page file and the field. */
function pageRecordsOf(english: ContentResult) {
  const records = new Map<string, { file: string; field: string }>();
  for (const page of english.pages) {
    const record = page.template ? english.templates.get(page.template)?.template.record : undefined;
    const id = page.file.replace(/^.*\//, '').replace(/\.json$/, '');
    if (record) records.set(`${record.collection}:${id}`, { file: page.file, field: record.field });
  }
  return records;
}

/**
 * Makes one locale's content from the English: its translations applied over its fallback's text, then checked as
 * the English is. A problem the translated site has and the English has not is the translation's.
 */
function localizer(contentDir: string, rootDir: string, english: ContentResult, docs: Map<string, unknown>, defaultLocale: SiteLocale) {
  const texts = contentTexts(docs);
  const englishProblems = new Set(english.problems.map(problemKey));
  // A problem in translated text is pointed at where the text is written: its translation file and key.
  const contentPrefix = relative(rootDir, contentDir).split(sep).join('/');
  const display = (file: string) => `${contentPrefix}/${file}`;
  const keysByPointer = new Map(
    [...texts].map(([file, list]) => [display(file), new Map(list.map((text) => [jsonPointer(text.path), { file, key: text.key }]))]),
  );
  const keyAt = (file: string, pointer: string) => keysByPointer.get(file)?.get(pointer);
  const pageRecords = pageRecordsOf(english);
  const atTranslation = (p: Problem, code: string): Problem => {
    const text = keyAt(p.file, p.pointer);
    if (!text) return p;
    const { slot: _slot, ...rest } = p;
    return { ...rest, file: `${contentPrefix}/${translationFilePath(code, text.file)}`, where: text.key, pointer: jsonPointer([text.key]) };
  };
  // A text a locale lacks shows in its fallback's language: the fallback's documents are the base it translates,
  // and a problem its fallback's text already has is the fallback's, reported there.
  const docsOf = new Map<string, ReadonlyMap<string, unknown>>([[defaultLocale.code, docs]]);
  const problemsOf = new Map<string, Set<string>>([[defaultLocale.code, englishProblems]]);
  /** Per locale, the language each of its untranslated texts shows in. */
  const untranslatedOf = new Map<string, UntranslatedTexts>([[defaultLocale.code, new Map()]]);
  return (locale: SiteLocale, generated?: typeof pseudoEntries): { localeContent: LocaleContent; problems: Problem[] } => {
    const fallback = (locale.fallback && docsOf.has(locale.fallback) && locale.fallback) || defaultLocale.code;
    const base = docsOf.get(fallback)!;
    const translated = localizeContent(contentDir, rootDir, locale, base, texts, generated);
    const localeDocs = new Map([...base, ...translated.overlay]);
    docsOf.set(locale.code, localeDocs);
    // Every document as already read and parsed (those without text to translate too): not read from disk again.
    const content = loadContent(contentDir, rootDir, localeDocs);
    const inherited = problemsOf.get(fallback) ?? englishProblems;
    problemsOf.set(locale.code, new Set(content.problems.map(problemKey)));
    const own = content.problems
      .filter((p) => !englishProblems.has(problemKey(p)) && !inherited.has(problemKey(p)))
      .map((p) => ({ ...atTranslation(p, locale.code), locale: locale.code }));
    // Untranslated text shows in its fallback's language: the fallback's own translation, else what that shows.
    const fallbackUntranslated = untranslatedOf.get(fallback) ?? new Map();
    const untranslated = new Map(
      [...translated.files].map(([file, { texts: list }]) => [
        file,
        new Map(
          list
            .filter((text) => text.state !== 'translated')
            .map((text) => [
              text.key,
              fallbackUntranslated.get(file)?.get(text.key) ?? (fallback === defaultLocale.code ? defaultLocale.code : fallback),
            ]),
        ),
      ]),
    );
    untranslatedOf.set(locale.code, untranslated);
    const translation = localeTranslation(locale, english, translated.files, display);
    if (content.site) markUntranslated(content, { untranslated, keyAt, pageRecords });
    const localeContent: LocaleContent = { locale, content: { ...content, problems: own }, files: translated.files, translation };
    return {
      localeContent,
      problems: [...translated.problems.map((p) => ({ ...p, locale: locale.code })), ...own, ...translation.problems],
    };
  };
}

/** Per language code, the pages it has: what its pages' language menus and links, and every page's head tags, need. */
export function languagePagesOf(locales: readonly LocaleContent[]): Map<string, LanguagePages> {
  return new Map(
    locales.map(({ locale, content, translation }) => {
      const pages = [...translation.pages.values()].filter((page) => page.route !== null);
      return [
        locale.code,
        {
          missing: pages.filter((page) => !page.published).map((page) => page.route!),
          unindexed: pages.filter((page) => page.published && !page.indexed).map((page) => page.route!),
          ...(content.site?.i18n?.pageNotInLanguage ? { missingNote: content.site.i18n.pageNotInLanguage } : {}),
        },
      ];
    }),
  );
}

/** The site in every language of `_site.json`, each checked; the pseudo-locales on demand. */
export function loadSite(contentDir: string, rootDir = join(contentDir, '..')): SiteContent {
  // Read and parsed once: the English check reads these (a file that does not parse is read again for its error), and
  // each language's translation starts from them.
  const docs = readContentDocs(contentDir);
  const english = loadContent(contentDir, rootDir, docs);
  const locales = siteLocales(docs);
  const [defaultLocale, ...others] = locales;
  const display = (file: string) => relative(rootDir, join(contentDir, file)).split(sep).join('/');
  const result: LocaleContent[] = [
    {
      locale: defaultLocale,
      content: english,
      files: new Map(),
      translation: localeTranslation(defaultLocale, english, new Map(), display),
    },
  ];
  const problems = [...english.problems];
  if (!english.site) return { locales: result, problems, pseudoLocales: () => [] };
  const localized = once(() => localizer(contentDir, rootDir, english, docs, defaultLocale));
  for (const locale of fallbacksFirst(others)) {
    const made = localized()(locale);
    problems.push(...made.problems);
    result.push(made.localeContent);
  }
  // A pseudo-locale's problems are its made-up text's (a title lengthened past 60 characters): not reported.
  const pseudoLocales = once(() => PSEUDO_LOCALES.map((locale) => localized()({ ...locale, default: false }, pseudoEntries).localeContent));
  return { locales: result, problems, pseudoLocales };
}
