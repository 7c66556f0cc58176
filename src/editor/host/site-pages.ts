/**
 * Pages of the site as a change set (or a version in history) would publish them, rendered by the editor's built
 * renderer in this process: the HTML around a preview the editor's endpoints render, and whole pages for review
 * (before and after), history and preview links. Islands hydrate from the site's own built entry, with the site
 * data of the page's language served beside it.
 */
import { escapeHtml } from '../../render/html';
import type { BuiltAssets } from './built-assets';
import type { Rendering } from './content-rendering';

/** Module scripts of entries (each its chunks, the entry last): every chunk preloaded once, each entry run. */
export function scriptTags(...entries: string[][]): string {
  const run = entries.map((chunks) => chunks.at(-1)!);
  const preload = [...new Set(entries.flatMap((chunks) => chunks.slice(0, -1)))].filter((src) => !run.includes(src));
  return [
    ...preload.map((src) => `<link rel="modulepreload" href="${escapeHtml(src)}" />`),
    ...run.map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`),
  ].join('\n    ');
}

/** The site data module's address of a language, under `base` (served by the host: site-data routes). */
export const siteDataUrl = (base: string, prefix: string) => `${base}/site-data/${prefix || 'default'}.js`;

/** What the preview and review pages must never be: indexed. */
const NOINDEX = '<meta name="robots" content="noindex" />';

export interface PageHtmlOptions {
  /** Where the page's islands load the site data from (siteDataUrl). */
  siteData: string;
  /** Also the preview frame's script (the editor's preview, which outlines and selects sections). */
  previewFrame?: boolean;
}

/** The HTML document around a page's rendered head and body. */
export async function pageHtml(
  assets: BuiltAssets,
  page: { head: string; body: string; lang?: string; dir?: 'ltr' | 'rtl' },
  { siteData, previewFrame = false }: PageHtmlOptions,
): Promise<string> {
  const module = await assets.renderer();
  return module.htmlDocument(
    { ...page, head: `${NOINDEX}\n    ${page.head}`, inlineScripts: [], islands: [] },
    {
      stylesheets: [assets.siteStylesheet],
      fontPreloads: [],
      scripts: previewFrame ? scriptTags(assets.siteScripts, assets.previewFrameScripts) : scriptTags(assets.siteScripts),
      siteData,
    },
  );
}

/**
 * A page of a content, whole, by its path (`/story`, `/es/story`: /story in the language whose prefix is `es`), with
 * its islands' site data loaded from `<siteDataBase>/<prefix>.js`; undefined when the content has no such page.
 */
export async function sitePageHtml(
  assets: BuiltAssets,
  content: Rendering,
  path: string,
  siteDataBase: string,
): Promise<string | undefined> {
  const english = content('');
  if (!english) return undefined;
  const [, first = '', ...rest] = path.replace(/(.)\/$/, '$1').split('/');
  const inLanguage = first ? content(first) : undefined;
  const rendering = inLanguage ?? english;
  const prefix = inLanguage ? first : '';
  const route = inLanguage ? `/${rest.join('/')}` : path;
  const page = rendering.result.pages.find((candidate) => candidate.route === route);
  if (!page) return undefined;
  const module = await assets.renderer();
  const context = {
    site: rendering.siteData,
    collections: rendering.result.collections,
    // Its images, as its own media library has them (their files: preview-images.ts).
    media: rendering.result.media,
    // Every route of the default language: a link to a page this language has not yet leads to the default's.
    routes: new Set(english.result.pages.flatMap((p) => (p.route === null ? [] : [p.route]))),
    route: page.route,
  };
  const { head, title, body } = module.renderDraftPage({ file: page.file, route: page.route, doc: page.doc }, context);
  const { code, dir } = rendering.siteData.locale;
  return pageHtml(
    assets,
    { head: `<title>${escapeHtml(title)}</title>\n    ${head}`, body, lang: code, dir },
    { siteData: `${siteDataBase}/${prefix || 'default'}.js` },
  );
}
