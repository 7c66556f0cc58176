/**
 * A content folder kept loaded and checked for the tools that preview and edit it (the dev server, the visual
 * editor's endpoints, the hosted editor's content workers and a publish's whole-site check): validated once per
 * change (not per request), with the last version that had no errors kept, so a content mistake never blanks the
 * page being previewed.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildEnv, CONTENT_DIR } from './content-env';
import type { Problem } from '../model/problems';
import { languagePagesOf, loadSite, type LocaleContent } from './i18n/load-site';
import { PSEUDO_LOCALES } from './i18n/pseudo';
import { type SiteData } from '../model/site-data';
import { buildSiteData } from './site-data-of';
import { errorsIn, type ContentResult } from './load-content';

/** One language's content, ready to render. */
export interface LocaleRendering {
  result: ContentResult;
  siteData: SiteData;
}

interface GoodContent extends LocaleRendering {
  /** The reload that made it: the content as it is only while this is the state's `version` (`isCurrent`). */
  version: number;
  /**
   * Another language by its URL prefix (`es`): its text where translated, its fallback's elsewhere; or a
   * pseudo-locale (`pseudo`, `pseudo-rtl`), made on the first request for one after a save.
   */
  inLanguage: (prefix: string) => LocaleRendering | undefined;
}

export interface ContentState {
  /** One more on every reload: tells a page whether it shows the content as it is now. */
  version: number;
  /** Errors of the files as they are now (empty when the content is valid). */
  errors: Problem[];
  /** Every problem, warnings included (placeholder text a scaffolded page still has). */
  problems: Problem[];
  /** The content as it is, or as it last was without errors. */
  good?: GoodContent;
}

/**
 * Whether what `good` renders is the content as it is: false while the content has errors that hold back its preview,
 * and the last version without them is rendered in its place (or none is). What is kept by the content's identity
 * (the review cache) keeps only what this says was made from that content.
 */
export const isCurrent = (state: ContentState): boolean => state.good?.version === state.version;

/**
 * Size and modification time of every content file: tells whether the files changed after they were read. A file
 * removed between the listing and its turn is left out, as the next listing leaves it out: a file deleted while the
 * dev server checked its folder (a test's clean-up, a `git checkout`) stopped `npm run dev` with ENOENT.
 */
export function filesSignature(contentDir: string): string {
  return readdirSync(contentDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .flatMap((entry) => {
      const path = join(entry.parentPath, entry.name);
      const stats = statSync(path, { throwIfNoEntry: false });
      return stats ? [`${path}:${stats.size}:${stats.mtimeMs}`] : [];
    })
    .sort()
    .join('\n');
}

export type LiveContent = ReturnType<typeof createContentState>;

/** The content, validated when first asked for (the build loads the Vite configuration too, and never asks). */
export function lazyContentState(): () => LiveContent {
  let content: LiveContent | undefined;
  return () => (content ??= createContentState());
}

/**
 * The content of `contentDir`, validated now and at each `reload()`: the dev server's (pages-json/), or a change set's
 * in the hosted editor (its worktree's).
 */
export function createContentState(contentDir = CONTENT_DIR) {
  const state: ContentState = { version: 0, errors: [], problems: [] };
  let readSignature = '';
  const reload = (): ContentState => {
    readSignature = filesSignature(contentDir);
    state.version++;
    const site = loadSite(contentDir);
    const [english, ...others] = site.locales;
    const result = english.content;
    state.problems = site.problems;
    state.errors = errorsIn(site.problems);
    // A translation's problem is shown, but only the default language's own errors hold back the preview:
    // a section just added in English is previewed at once, and shows in its fallback's text in the other languages until translated.
    if (!errorsIn(result.problems).length && result.site) {
      const languagePages = languagePagesOf(site.locales);
      // A page not translated into a language yet is not in it: its address there is the language's not-found page.
      const rendering = ({ content, locale, translation }: LocaleContent) => ({
        result: { ...content, pages: content.pages.filter((page) => translation.pages.get(page.file)?.published !== false) },
        siteData: buildSiteData(content.site!, content.pages, buildEnv(), locale, languagePages),
      });
      const byPrefix = (list: LocaleContent[]) => new Map(list.filter((o) => o.content.site).map((o) => [o.locale.prefix, rendering(o)]));
      const languages = byPrefix(others);
      let pseudoLanguages: Map<string, LocaleRendering> | undefined;
      state.good = {
        version: state.version,
        ...rendering(english),
        inLanguage: (prefix) =>
          languages.get(prefix) ??
          (PSEUDO_LOCALES.some((locale) => locale.prefix === prefix)
            ? (pseudoLanguages ??= byPrefix(site.pseudoLocales())).get(prefix)
            : undefined),
      };
    }
    return state;
  };
  reload();
  /**
   * Whether a file changed after the last reload read it. A save that truncates a file and then writes it
   * can be read half-way, and the watcher may report the two steps as one change: check again once it settles.
   */
  const changedSinceRead = () => filesSignature(contentDir) !== readSignature;
  return { state, reload, changedSinceRead };
}
