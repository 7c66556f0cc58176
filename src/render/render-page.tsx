/**
 * Renders one page document to the HTML of its <body> and <head> tags (the prerenderer and the dev
 * server share it). Each block renders on its own, so a block that throws fails the build with its
 * file, index and type; interactive blocks render as islands. Everything the page draws on comes in
 * the render context: the site's data, the collections and the routes.
 */
import './styles';
import type { ReactNode } from 'react';
import { blockRenderable } from '../blocks/generated/components';
import { headTags } from './head';
import type { Block, PageDoc } from '../engine/load/page-schema';
import type { RenderContext } from '../engine/model/render-context';
import { lcpImagePreload } from './image-preload';
import { resolveContent } from '../engine/model/resolve';
import { Island, IslandRegistryContext, type IslandRegistry } from '../hydration/Island';
import { renderToStringOrThrow } from '../hydration/render-to-string';
import { hasForeignText } from '../lib/foreign-text';
import { LayoutProviders, SiteProviders, ThemeStyles } from '../site/SiteProviders';
import { pageIslandRegistry, type UsedIsland } from './island-registry';
import { PageLayout } from './PageLayout';
import { UntranslatedNotice } from './UntranslatedNotice';

export { loadIslandComponents } from './island-registry';

export interface PageToRender {
  /** Path inside pages-json, for error messages: `use-cases/collections.json`. */
  file: string;
  route: string | null;
  doc: PageDoc;
}

export interface RenderedPage {
  head: string;
  body: string;
  /** Inline script bodies of the head (JSON-LD), for the Content-Security-Policy hashes. */
  inlineScripts: string[];
  islands: UsedIsland[];
  /** `<html lang dir>`; a page of the dev server's own (the block gallery, the editor) is English, left to right. */
  lang?: string;
  dir?: 'ltr' | 'rtl';
}

/** A block that could not be rendered: says where, so a marketer can find it. */
export class BlockRenderError extends Error {
  constructor(
    readonly file: string,
    readonly where: string,
    cause: unknown,
  ) {
    super(`${file}: ${where}: failed to render: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'BlockRenderError';
  }
}

type PageRegistry = ReturnType<typeof pageIslandRegistry>;

/** Whether a page's content has text marked as in another language (not translated yet: src/lib/foreign-text.ts). */
const containsForeignText = (value: unknown): boolean =>
  typeof value === 'string'
    ? hasForeignText(value)
    : typeof value === 'object' && value !== null && Object.values(value).some(containsForeignText);

/**
 * A fresh island registry for one page, whose islands render in the site's providers with this context's data
 * (and reuse `islandHtml`, the HTML of islands other pages of this context rendered).
 */
export function pageRegistry(context: RenderContext, islandHtml?: Map<string, string>): PageRegistry {
  const site = context.site;
  return pageIslandRegistry(function PageProviders({ children }: { children: ReactNode }) {
    return <SiteProviders site={site}>{children}</SiteProviders>;
  }, islandHtml);
}

/**
 * One block's HTML as a page renders it: its fields plus its data (its folder's block.ts), with links
 * and placeholders resolved; interactive blocks as islands. `registry` collects the page's islands.
 */
export function renderBlock(block: Block, index: number, context: RenderContext, registry: IslandRegistry = pageRegistry(context)): string {
  const resolve = <T,>(value: T) => resolveContent(value, context.site.config, context.collections, context.site.locale.tag);
  const { hydrate, props, element } = blockRenderable(block, { ...context, blockIndex: index }, resolve);
  return renderToStringOrThrow(
    <IslandRegistryContext value={registry}>
      <registry.Providers>{hydrate === 'none' ? element : <Island name={block.type} props={props} hydrate={hydrate} />}</registry.Providers>
    </IslandRegistryContext>,
    { identifierPrefix: `b${index}-` },
  );
}

/** The theme's styles, rendered once: the same on every page, and rendering them was a sixth of a page's render time. */
let themeStyles: string | undefined;

/** The theme's CSS variables and Mantine's global classes, as `<style>` tags: what every rendering of the site needs. */
export const themeStylesHtml = () => (themeStyles ??= renderToStringOrThrow(<ThemeStyles />));

/** The page around its main content: the page-wide styles, header, footer and the page-wide islands. */
export function renderLayout(route: string | null, mainHtml: string, context: RenderContext, registry: IslandRegistry): string {
  return (
    themeStylesHtml() +
    renderToStringOrThrow(
      <IslandRegistryContext value={registry}>
        <LayoutProviders site={context.site}>
          <PageLayout route={route} mainHtml={mainHtml} />
        </LayoutProviders>
      </IslandRegistryContext>,
      { identifierPrefix: 'l-' },
    )
  );
}

/**
 * HTML that the pages rendered in one render context (the build's: one per language) share: their islands' HTML, and
 * their frame (header, footer), rendered once with stand-ins for the page's route and main content. The frame depends
 * on the route only through the route's text: the language links point to it and the mobile menu's props name it.
 * The home page (its promo banner), the not-found page (no route), a page some language has not yet (its language menu
 * says so) and a route with characters that an attribute or JSON would escape render frames of their own.
 */
export interface SharedHtml {
  islands: Map<string, string>;
  frame?: { html: string; islands: UsedIsland[] };
}

/** Where a frame leaves the page's main content. */
export const MAIN_SLOT = '<!--reachwell-main-->';
/** The route a shared frame is rendered for, replaced by each page's own. */
const ROUTE_STAND_IN = '/~reachwell-route~';
/** A route that is written the same in an href and in JSON in an attribute, so it can replace the stand-in as text. */
const PLAIN_ROUTE = /^\/[\w.~/-]+$/;

/** The page's main content in its frame. */
export function fillFrame(frame: string, mainHtml: string): string {
  const at = frame.indexOf(MAIN_SLOT);
  if (at === -1) throw new Error(`the page layout has no place for the main content (${MAIN_SLOT})`);
  return frame.slice(0, at) + mainHtml + frame.slice(at + MAIN_SLOT.length);
}

/** The page's frame, with MAIN_SLOT for its main content; rendered first, so its islands number 0, 1, ... on every page. */
function renderFrame(route: string | null, context: RenderContext, registry: PageRegistry, shared?: SharedHtml): string {
  // A page some language has not yet: its language menu says so there.
  const missingSomewhere = route !== null && context.site.languages.some((language) => language.missing.includes(route));
  if (!shared || route === null || route === '/' || !PLAIN_ROUTE.test(route) || missingSomewhere)
    return renderLayout(route, MAIN_SLOT, context, registry);
  if (!shared.frame) {
    const own = pageRegistry(context, shared.islands);
    shared.frame = { html: renderLayout(ROUTE_STAND_IN, MAIN_SLOT, context, own), islands: own.used };
  }
  for (const island of shared.frame.islands) registry.add(island.name, island.mode);
  return shared.frame.html.replaceAll(ROUTE_STAND_IN, route);
}

/** `shared`: HTML shared by the pages rendered in `siteContext` (the build's, one per language). */
export function renderPage(page: PageToRender, siteContext: RenderContext, shared?: SharedHtml): RenderedPage {
  const context = { ...siteContext, route: page.route };
  const doc = resolveContent(page.doc, context.site.config, context.collections, context.site.locale.tag);
  const registry = pageRegistry(context, shared?.islands);
  let frame: string;
  try {
    frame = renderFrame(page.route, context, registry, shared);
  } catch (error) {
    throw new BlockRenderError(`pages-json/${page.file}`, 'the page layout (header, footer)', error);
  }
  const mainHtml = doc.blocks
    .map((block, index) => {
      try {
        return renderBlock(block, index, context, registry);
      } catch (error) {
        throw new BlockRenderError(`pages-json/${page.file}`, `blocks[${index}] (${block.type})`, error);
      }
    })
    .join('');
  // A page with text not yet in its language says so above its sections (the frame is the same on every page).
  const notice = containsForeignText(doc)
    ? renderToStringOrThrow(
        <LayoutProviders site={context.site}>
          <UntranslatedNotice />
        </LayoutProviders>,
      )
    : '';
  const body = fillFrame(frame, notice + mainHtml);
  const { locale, languages } = context.site;
  const head = headTags(doc, page.route, context.site.config, context.collections, { locale, languages }, context.media);
  const preload = lcpImagePreload(doc, context);
  return {
    head: preload ? `${preload}\n    ${head.html}` : head.html,
    body,
    inlineScripts: head.inlineScripts,
    islands: registry.used,
    lang: locale.code,
    dir: locale.dir,
  };
}
