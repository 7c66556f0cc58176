/**
 * The editor's preview: a draft page rendered by the build's renderer (the same renderBlock,
 * renderLayout and head tags renderPage composes; tests/unit/editor-render.test.tsx checks the result is
 * renderPage's, byte for byte, once the marks are taken out), with a comment before each block so the
 * preview knows which section is which. Also a block alone, from its example, for the palette.
 * Loaded by the dev server through Vite's SSR module runner, like the page renderer.
 *
 * A keystroke changes one block: the others, and the page's frame (header, footer), are taken from the
 * last rendering when their input is the same. The frame's input is the route and the site's data,
 * collections and media library; a block's is the block, the same data, and how many islands come before it on the page
 * (island ids number the page's islands in order, the frame's first, and keep `useId` values unique on
 * it). A rendering taken over gives the page its islands again, so the ids after it are what a full
 * render gives.
 */
import { headTags } from '../../render/head';
import type { Block } from '../../engine/load/page-schema';
import type { RenderContext } from '../../engine/model/render-context';
import { resolveContent } from '../../engine/model/resolve';
import type { UsedIsland } from '../../render/island-registry';
import {
  BlockRenderError,
  fillFrame,
  MAIN_SLOT,
  pageRegistry,
  renderBlock,
  renderLayout,
  themeStylesHtml,
  type PageToRender,
} from '../../render/render-page';
import { PREVIEW_BLOCK_MARK } from '../protocol';

export { loadIslandComponents } from '../../render/render-page';
export { htmlDocument } from '../../render/document';

interface Rendered {
  html: string;
  /** The islands the rendering added to the page, in order. */
  islands: UsedIsland[];
}

const MAX_ENTRIES = 400;
const renderings = new Map<string, Rendered>();
/** What the site's data and collections are, as text: part of every rendering's input (computed once per object). */
const fingerprints = new WeakMap<object, string>();
const fingerprint = (value: object) => {
  let text = fingerprints.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    fingerprints.set(value, text);
  }
  return text;
};

/** `render` once per input; later the same HTML, its islands added to the page again. */
function cached(key: string, registry: ReturnType<typeof pageRegistry>, render: () => string): string {
  const hit = renderings.get(key);
  if (hit) {
    registry.used.push(...hit.islands);
    return hit.html;
  }
  const before = registry.used.length;
  const html = render();
  if (renderings.size >= MAX_ENTRIES) renderings.clear();
  renderings.set(key, { html, islands: registry.used.slice(before) });
  return html;
}

export function renderDraftPage(page: PageToRender, context: RenderContext): { head: string; title: string; body: string } {
  const doc = resolveContent(page.doc, context.site.config, context.collections);
  const registry = pageRegistry(context);
  // The media library too: the same block shows another picture in a content whose record of the same id differs
  // (a version in history, the published site, a change set).
  const media = context.media ? fingerprint(context.media) : '';
  const contextKey = `${fingerprint(context.site)}\0${fingerprint(context.collections)}\0${media}\0${[...context.routes].join(' ')}`;
  // The frame first, as renderPage renders it: its islands number 0, 1, ... and the sections' come after.
  const frame = cached(`frame\0${page.route}\0${contextKey}`, registry, () => renderLayout(page.route, MAIN_SLOT, context, registry));
  const mainHtml = doc.blocks
    .map((block, index) => {
      try {
        const key = `block\0${index}\0${registry.used.length}\0${JSON.stringify(block)}\0${contextKey}`;
        return `<!--${PREVIEW_BLOCK_MARK}${index}-->${cached(key, registry, () => renderBlock(block, index, context, registry))}`;
      } catch (error) {
        throw new BlockRenderError(`pages-json/${page.file}`, `blocks[${index}] (${block.type})`, error);
      }
    })
    .join('');
  const head = headTags(doc, page.route, context.site.config, context.collections);
  return { head: head.html, title: doc.meta.title, body: fillFrame(frame, mainHtml) };
}

/** One block from its example, as a page renders it: with the theme's styles (its colours and font) before it. */
export function renderExample(block: Block, context: RenderContext): string {
  return themeStylesHtml() + renderBlock(resolveContent(block, context.site.config, context.collections), 0, context);
}
