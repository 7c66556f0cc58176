/**
 * The whole site in every language: the English content as loadContent checks it, then each other locale's
 * content (its translations applied, src/engine/i18n/localize.ts) checked the same way. A problem the
 * translated site has and the English has not is the translation's, reported with its locale.
 */
import { join, relative, sep } from 'node:path';
import type { ContentResult } from '../content-types';
import { jsonPointer, type Problem } from '../problems';
import type { Locale } from '../site-schema';
import { loadContent } from '../validate';
import { readContentDocs, siteLocales } from './content-docs';
import { contentTexts } from './content-texts';
import { localizeContent, type FileCoverage } from './localize';
import { pseudoEntries, PSEUDO_LOCALES } from './pseudo';
import { translationFilePath } from './translation-files';

type SiteLocale = Locale & { default: boolean };

interface LocaleContent {
  locale: SiteLocale;
  /** The locale's content as it renders (the English for the default locale). */
  content: ContentResult;
  /** Per content file: how much of its text the locale translates (empty for the default). */
  coverage: Map<string, FileCoverage>;
}

export interface SiteContent {
  /** The default locale first. */
  locales: LocaleContent[];
  /** Every problem: the English content's, then each locale's own. */
  problems: Problem[];
  /** The pseudo-locales (src/engine/i18n/pseudo.ts), made on the first call: the dev server only pays for them when asked. */
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

/**
 * Makes one locale's content from the English: its translations applied over its fallback's text, then checked as
 * the English is. A problem the translated site has and the English has not is the translation's.
 */
function localizer(contentDir: string, rootDir: string, english: ContentResult, docs: Map<string, unknown>, defaultLocale: SiteLocale) {
  const texts = contentTexts(docs);
  const englishProblems = new Set(english.problems.map(problemKey));
  // A problem in translated text is pointed at where the text is written: its translation file and key.
  const contentPrefix = relative(rootDir, contentDir).split(sep).join('/');
  const keysByPointer = new Map(
    [...texts].map(([file, list]) => [
      `${contentPrefix}/${file}`,
      new Map(list.map((text) => [jsonPointer(text.path), { file, key: text.key }])),
    ]),
  );
  const atTranslation = (p: Problem, code: string): Problem => {
    const text = keysByPointer.get(p.file)?.get(p.pointer);
    if (!text) return p;
    const { slot: _slot, ...rest } = p;
    return { ...rest, file: `${contentPrefix}/${translationFilePath(code, text.file)}`, where: text.key, pointer: jsonPointer([text.key]) };
  };
  // A text a locale lacks shows in its fallback's language: the fallback's documents are the base it translates,
  // and a problem its fallback's text already has is the fallback's, reported there.
  const docsOf = new Map<string, ReadonlyMap<string, unknown>>([[defaultLocale.code, docs]]);
  const problemsOf = new Map<string, Set<string>>([[defaultLocale.code, englishProblems]]);
  return (locale: SiteLocale, generated?: typeof pseudoEntries) => {
    const base = (locale.fallback && docsOf.get(locale.fallback)) || docs;
    const translated = localizeContent(contentDir, rootDir, locale, base, texts, generated);
    docsOf.set(locale.code, new Map([...base, ...translated.overlay]));
    const content = loadContent(contentDir, rootDir, translated.overlay);
    const inherited = (locale.fallback && problemsOf.get(locale.fallback)) || englishProblems;
    problemsOf.set(locale.code, new Set(content.problems.map(problemKey)));
    const own = content.problems
      .filter((p) => !englishProblems.has(problemKey(p)) && !inherited.has(problemKey(p)))
      .map((p) => ({ ...atTranslation(p, locale.code), locale: locale.code }));
    const localeContent: LocaleContent = { locale, content: { ...content, problems: own }, coverage: translated.coverage };
    return { localeContent, problems: [...translated.problems.map((p) => ({ ...p, locale: locale.code })), ...own] };
  };
}

/** The site in every language of `_site.json`, each checked; the pseudo-locales on demand. */
export function loadSite(contentDir: string, rootDir = join(contentDir, '..')): SiteContent {
  // Read and parsed once: the English check reads these (a file that does not parse is read again for its error), and
  // each language's translation starts from them.
  const docs = readContentDocs(contentDir);
  const english = loadContent(contentDir, rootDir, docs);
  const locales = siteLocales(docs);
  const [defaultLocale, ...others] = locales;
  const result: LocaleContent[] = [{ locale: defaultLocale, content: english, coverage: new Map() }];
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
