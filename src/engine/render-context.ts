/** What a page's blocks may draw on besides their own fields, when the page is rendered (build and dev server). */
import type { Collections } from './collections';

export interface RenderContext {
  collections: Collections;
  /** Every route the site has, so a block links only to pages that exist. */
  routes: ReadonlySet<string>;
}
