/**
 * Renders blocks in tests exactly as the build does (src/render/render-page.tsx): the fixture is
 * parsed by the block schema (a malformed fixture fails here, not silently), its `site:` links and
 * `{tokens}` are resolved, and interactive blocks render as islands.
 */
import siteData from 'virtual:site-data';
import { CONTENT_DIR, SCHEMAS_DIR } from '../../src/engine/content-env';
import { blockSchema, type Block } from '../../src/engine/page-schema';
import type { RenderContext } from '../../src/engine/render-context';
import { resolveContent } from '../../src/engine/resolve';
import { loadContent } from '../../src/engine/validate';
import { renderBlock } from '../../src/render/render-page';

/** The site's real collections and routes, which blocks draw on as they do in the build. */
export function siteRenderContext(): RenderContext {
  const { collections, pages } = loadContent(CONTENT_DIR, SCHEMAS_DIR);
  return { collections, routes: new Set(pages.flatMap((page) => (page.route === null ? [] : [page.route]))) };
}
const context = siteRenderContext();

/** A block fixture, validated and resolved as the build does. */
export const parseBlock = (raw: unknown): Block => resolveContent(blockSchema.parse(raw), siteData.config);

export const blockHtml = (raw: unknown, renderContext: RenderContext = context): string => renderBlock(parseBlock(raw), 0, renderContext);

export const parseHtml = (html: string) => new DOMParser().parseFromString(html, 'text/html');
