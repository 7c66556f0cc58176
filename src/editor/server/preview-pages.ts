/**
 * The pages a document that is not a page can be previewed on: for a collection, every page that shows it
 * (a block whose definition declares the collection, `collections` in src/blocks/<Type>/block.ts, or text
 * quoting one of its figures, `{plans.growth.price}`); for a template, every page written on it; for the site
 * configuration, any page. The home page first, then by route.
 */
import { basename } from 'node:path';
import { collectionsShownBy } from '../../blocks/generated/blocks';
import type { CollectionName } from '../../engine/model/collections';
import type { LoadedPage } from '../../engine/load/content-types';
import { TOKEN_PATTERN } from '../../engine/model/resolve';
import type { ContentResult } from '../../engine/load/load-content';
import type { DocumentKind, PreviewPage } from '../protocol';

/** Whether any text of `value` quotes a figure of the collection (`{plans.growth.price}`, `{plans.count}`). */
function quotes(value: unknown, collection: string): boolean {
  if (typeof value === 'string')
    return value.includes('{') && [...value.matchAll(TOKEN_PATTERN)].some(([, token]) => token.startsWith(`${collection}.`));
  if (Array.isArray(value)) return value.some((item) => quotes(item, collection));
  if (value && typeof value === 'object') return Object.values(value).some((item) => quotes(item, collection));
  return false;
}

const shows = (page: LoadedPage, collection: string) =>
  page.doc.blocks.some((block) => (collectionsShownBy(block) as readonly string[]).includes(collection)) || quotes(page.doc, collection);

export function previewPagesOf(file: string, kind: DocumentKind, result: ContentResult): PreviewPage[] {
  const name = basename(file, '.json');
  const pages = result.pages.filter((page): page is LoadedPage & { route: string } => {
    if (page.route === null) return false;
    if (kind === 'collection') return shows(page, name as CollectionName);
    if (kind === 'template') return page.template === name;
    return kind === 'site';
  });
  return pages
    .map((page) => ({ route: page.route, title: page.doc.meta.title, file: page.file }))
    .sort((a, b) => (a.route === '/' ? -1 : b.route === '/' ? 1 : a.route.localeCompare(b.route)));
}
