/**
 * A version of the site's pages as the incremental publish sees them (scripts/build/render-inputs.ts): each page in
 * each language with the hash of everything its rendering reads. Two versions' hashes differ exactly for the pages a
 * change between them changes, which the review lists (affected-pages.ts). Runs in a content worker, beside the
 * loaded content; with the warnings of the documents the review is about, in a marketer's words.
 */
import { isCurrent, type ContentState, type LocaleRendering } from '../../../engine/load/content-state';
import { renderInputs } from '../../../../scripts/build/render-inputs';
import { pageKey } from '../../../../scripts/build/write-pages';
import { documentName, inMarketerWords } from '../../shared/marketer-words';

/** One page in one language, by its render inputs' hash. */
export interface PageInputs {
  /** `es:pricing.json`: the same page in the same language in two versions. */
  key: string;
  path: string;
  route: string;
  title: string;
  language: string;
  /** Its document, or in a language other than the default its translation (`pages-json/...`). */
  files: string[];
  hash: string;
}

export interface VersionInputs {
  pages: PageInputs[];
  /** The warnings and errors of the documents asked about, in words. */
  warnings: string[];
  /** The pages are of the content as it is (false: it has errors, and the last version without them was read). */
  exact: boolean;
}

const CONTENT = 'pages-json/';
/** The code is the same on both sides of a review: its key plays no part. */
const SAME_CODE = '';

/** A developer's command named in a message (`: npm run i18n:status -- es`) means nothing to a marketer: it goes. */
const withoutCommands = (message: string) => message.replace(/[:;,]?\s*\(?npm run [^.;)]*\)?/g, '');

const pathIn = (prefix: string, route: string) => (prefix ? `/${prefix}${route === '/' ? '' : route}` : route);

export function versionInputs(state: ContentState, files: readonly string[]): VersionInputs {
  const good = state.good;
  const asked = new Set(files);
  // A translation's problem names the English file and its language: asked about as its translation file.
  const isAsked = (file: string, locale?: string) =>
    asked.has(file) || (locale !== undefined && asked.has(`${CONTENT}_translations/${locale}/${file.slice(CONTENT.length)}`));
  const warnings = [
    ...new Set(
      state.problems
        .filter((problem) => isAsked(problem.file, problem.locale))
        .map((problem) => {
          const { message, hint } = inMarketerWords({ ...problem, message: withoutCommands(problem.message) });
          const name = documentName(
            problem.locale ? `${CONTENT}_translations/${problem.locale}/${problem.file.slice(CONTENT.length)}` : problem.file,
          );
          return `${name.charAt(0).toUpperCase()}${name.slice(1)}: ${message}${hint && !hint.includes('npm run') ? ` (${hint})` : ''}.`;
        }),
    ),
  ];
  if (!good) return { pages: [], warnings, exact: false };
  const locales = good.siteData.languages.flatMap((language) => {
    const rendering: LocaleRendering | undefined = language.prefix ? good.inLanguage(language.prefix) : good;
    return rendering ? [{ language, rendering }] : [];
  });
  const content = {
    pages: good.result.pages,
    locales: locales.map(({ rendering }) => ({
      locale: { code: rendering.siteData.locale.code },
      pseudo: false,
      pages: rendering.result.pages,
      collections: rendering.result.collections,
      media: rendering.result.media,
      siteData: rendering.siteData,
    })),
  };
  const hashes = renderInputs(content, SAME_CODE);
  const pages = locales.flatMap(({ language, rendering }, index) =>
    content.locales[index].pages.flatMap((page): PageInputs[] => {
      if (page.route === null) return [];
      const key = pageKey(content.locales[index], page);
      const own = `${CONTENT}${page.file}`;
      return [
        {
          key,
          path: pathIn(language.prefix, page.route),
          route: page.route,
          title: page.doc.meta.title.replace(/\s*\|\s*[^|]*$/, ''),
          language: language.name,
          files: language.prefix ? [own, `${CONTENT}_translations/${rendering.siteData.locale.code}/${page.file}`] : [own],
          hash: hashes.get(key) ?? '',
        },
      ];
    }),
  );
  return { pages, warnings, exact: isCurrent(state) };
}
