/**
 * The head tag that fetches a page's LCP image first: the image of its first section (a hero's), preloaded with high
 * priority in the format the browser will pick (AVIF where it has it; an SVG as it is), with the same srcset and
 * sizes as its `<picture>`, so the browser never fetches it twice.
 */
import { escapeHtml } from './html';
import type { RenderContext } from '../engine/model/render-context';
import { pictureOf } from '../engine/model/picture';
import { pageSchema, type PageDoc } from '../engine/load/page-schema';
import { imageUsesIn } from '../engine/load/media/image-uses';

export function lcpImagePreload(doc: PageDoc, context: RenderContext): string {
  const first = imageUsesIn(pageSchema, doc).find(({ path }) => path[0] === 'blocks' && path[1] === 0);
  const picture = first && pictureOf(context.media, first.id, first.layout, true);
  if (!picture) return '';
  const [best] = picture.sources;
  const attributes = best
    ? `imagesrcset="${escapeHtml(best.srcset)}" imagesizes="${escapeHtml(picture.sizes ?? '')}" type="${best.type}"`
    : `href="${escapeHtml(picture.src)}"`;
  return `<link rel="preload" as="image" ${attributes} fetchpriority="high" />`;
}
