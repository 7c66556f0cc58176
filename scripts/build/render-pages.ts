/**
 * Every page in every language rendered with the prerender bundle, before any is written: a block that cannot render
 * is reported with every other one that cannot, and no half-built site is left behind.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderedPage as PageHtml } from '../../src/render/entry-server';
import type { BuildLocale, CheckedContent } from './check-content';
import { prerenderPages } from './prerender-pages';
import type { BuildSettings } from './settings';

export interface RenderedPage {
  page: BuildLocale['pages'][number];
  locale: BuildLocale;
  html: PageHtml;
}

/** The prerender bundle's address, for this thread's import. */
export const prerenderBundleUrl = ({ serverDist }: BuildSettings) => pathToFileURL(join(serverDist, 'entry-server.js')).href;

/**
 * The rendered pages, or undefined when any could not be rendered (each failure printed). `only` picks the pages to
 * render (an incremental publish: those whose inputs changed); they render in the context of the whole site.
 */
export async function renderPages(
  content: CheckedContent,
  settings: BuildSettings,
  only: (locale: BuildLocale, page: BuildLocale['pages'][number]) => boolean = () => true,
): Promise<RenderedPage[] | undefined> {
  /** Every page in every language: the same routes in each, under the language's prefix. */
  const routes = new Set(content.pages.flatMap((page) => (page.route === null ? [] : [page.route])));
  /** One render context per language; each page names its language's by index (they cross to the prerender threads). */
  const contexts = content.locales.map((locale) => ({
    site: locale.siteData,
    collections: locale.collections,
    routes,
    media: locale.media,
  }));
  const pages = content.locales.flatMap((locale, context) =>
    locale.pages.filter((page) => only(locale, page)).map((page) => ({ page, locale, context })),
  );
  if (!pages.length) return []; // nothing changed: the prerender bundle is not even loaded
  const outcomes = await prerenderPages(
    prerenderBundleUrl(settings),
    contexts,
    pages.map(({ page: { file, route, doc }, context }) => ({ page: { file, route, doc }, context })),
  );
  const rendered = outcomes.flatMap((outcome) => {
    const { page, locale } = pages[outcome.index];
    if ('rendered' in outcome) return [{ page, locale, html: outcome.rendered }];
    console.error(outcome.failure);
    if (outcome.causeStack && process.env.BUILD_STACKS) console.error(outcome.causeStack);
    return [];
  });
  if (rendered.length === pages.length) return rendered;
  const failed = pages.length - rendered.length;
  console.error(
    `\n${failed} page${failed > 1 ? 's' : ''} could not be rendered; no pages were written. ` +
      "(BUILD_STACKS=1 npm run build adds each error's stack.)",
  );
  return undefined;
}
