/** What the dev server and its pages share: the live-preview message after each save in pages-json/, the gallery's route. */
import type { Problem } from '../../engine/problems';
import type { SiteData } from '../../engine/site-data';

export const CONTENT_EVENT = 'reachwell:content';

/** The problems a page was rendered with, embedded in it as JSON (the page shows them at once). */
export const PROBLEMS_SCRIPT_ID = 'reachwell-content-problems';

export interface ContentMessage {
  /** Empty when the content is valid. */
  errors: Problem[];
  /** The site data the page should now use (absent while the content has errors). */
  siteData?: SiteData;
  /** Whether the server can still show a page (the last version without errors). */
  hasGoodPage: boolean;
}

/** The block gallery, served by the dev server only. */
export const GALLERY_ROUTE = '/__blocks';
