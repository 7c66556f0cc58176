/**
 * Renders blocks in tests exactly as the build does (src/render/render-page.tsx): the fixture is
 * parsed by the block schema (a malformed fixture fails here, not silently), its `site:` links and
 * `{tokens}` are resolved, and interactive blocks render as islands, with the real site's data.
 */
import { buildEnv, CONTENT_DIR } from '../src/engine/load/content-env';
import { blockSchema, type Block } from '../src/engine/load/page-schema';
import type { RenderContext } from '../src/engine/model/render-context';
import { resolveContent } from '../src/engine/model/resolve';
import { buildSiteData } from '../src/engine/load/site-data-of';
import { loadContent } from '../src/engine/load/load-content';
import { renderBlock } from '../src/render/render-page';

/** The site's real data, collections and routes, which blocks draw on as they do in the build. */
export function siteRenderContext(): RenderContext {
  const { collections, pages, site } = loadContent(CONTENT_DIR);
  if (!site) throw new Error('pages-json/_site.json does not validate: run npm run validate');
  return {
    site: buildSiteData(site, pages, buildEnv()),
    collections,
    routes: new Set(pages.flatMap((page) => (page.route === null ? [] : [page.route]))),
  };
}
export const context = siteRenderContext();

/** A block fixture, validated and resolved as the build does. */
export const parseBlock = (raw: unknown): Block => resolveContent(blockSchema.parse(raw), context.site.config);

export const blockHtml = (raw: unknown, renderContext: RenderContext = context): string => renderBlock(parseBlock(raw), 0, renderContext);

export const parseHtml = (html: string) => new DOMParser().parseFromString(html, 'text/html');
