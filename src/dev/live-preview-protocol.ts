/** What the dev server and its pages share: the live-preview message after each save in pages-json/, the site data's and the gallery's addresses. */
import type { Problem } from '../engine/model/problems';

export const CONTENT_EVENT = 'reachwell:content';

/** The problems a page was rendered with, embedded in it as JSON (the page shows them at once). */
export const PROBLEMS_SCRIPT_ID = 'reachwell-content-problems';

/**
 * The version of the content a page was rendered from, embedded in it as JSON. A page that was still loading when a
 * save's message went out compares it with the server's on connecting (CONTENT_STATE_PATH) and catches up.
 */
export const CONTENT_VERSION_SCRIPT_ID = 'reachwell-content-version';
/** The content's current message (version, errors), for a page that has just connected. */
export const CONTENT_STATE_PATH = '/__content-state';

export interface ContentMessage {
  /** One more on every reload of the content. */
  version: number;
  /** Empty when the content is valid. */
  errors: Problem[];
  /** Whether the server can still show a page (the last version without errors). */
  hasGoodPage: boolean;
}

/** Where the dev server serves each language's site data module, as the build writes one per language (src/site/page-site-data.ts). */
export const SITE_DATA_PATH = '/__site-data/';
/** The address of a language's site data module, by its URL prefix (the default language's: `default.js`). */
export const siteDataAddress = (prefix: string) => `${SITE_DATA_PATH}${prefix || 'default'}.js`;

/** The block gallery, served by the dev server only. */
export const GALLERY_ROUTE = '/__blocks';
