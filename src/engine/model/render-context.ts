/** What a page's blocks may draw on besides their own fields, when the page is rendered (build and dev server). */
import type { Collections } from './collections';
import type { MediaLibrary } from './media';
import type { SiteData } from './site-data';

export interface RenderContext {
  /** The site's resolved configuration and menus. */
  site: SiteData;
  collections: Collections;
  /** Every route the site has, so a block links only to pages that exist. */
  routes: ReadonlySet<string>;
  /** The route of the page being rendered: null on the not-found page; absent outside a page (the block gallery). */
  route?: string | null;
  /** The media library in the page's language (its alt text), for blocks that show images (picture.ts). */
  media?: MediaLibrary;
  /** The place of the block being rendered on its page: the first (0) is above the fold, its image the LCP candidate. */
  blockIndex?: number;
}
