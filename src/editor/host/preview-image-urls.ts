/**
 * A page's images are named `/_img/<file>` (src/engine/model/picture.ts), which the published site serves from its
 * build. The hosted editor's pages of the site show images no build has made (a change set's own, the published
 * site's, an older version's): their HTML names them under the page's place instead (`<base>/_img/<file>`), where
 * preview-images.ts makes each one from that content's media. In `src`, `srcset` (each candidate), `imagesrcset` and
 * `href` alike.
 */
import { IMAGE_URL_PREFIX } from '../../engine/model/picture';
import type { DraftRenderer } from '../server/endpoints';

const IMAGE_ADDRESS = new RegExp(`(["'\\s,(])${IMAGE_URL_PREFIX.replaceAll('/', '\\/')}`, 'g');

/** `html` with each image address under `base` (`/changes/<id>/edit`, `/preview/<token>`). */
export const imagesWithin = (html: string, base: string) => html.replace(IMAGE_ADDRESS, `$1${base}${IMAGE_URL_PREFIX}`);

/** Where a review's "before" side (the published site as it is now) names its images. */
export const PUBLISHED_IMAGES_BASE = '/published';

/** Where a version of the site (in history, or a published change set's before and after) names its images. */
export const versionImagesBase = (sha: string) => `/history/version/${sha}`;

/** The image file a path within a preview names (`_img/<file>`), or undefined when it names none. */
export const imageFileIn = (rest: string) =>
  rest.startsWith(IMAGE_URL_PREFIX.slice(1)) ? rest.slice(IMAGE_URL_PREFIX.length - 1) : undefined;

/** The draft renderer with the images of what it renders (a draft page, a block's example) named under `base`. */
export function draftImagesWithin(renderer: DraftRenderer, base: string): DraftRenderer {
  return {
    renderDraftPage: (page, context) => {
      const rendered = renderer.renderDraftPage(page, context);
      return { ...rendered, head: imagesWithin(rendered.head, base), body: imagesWithin(rendered.body, base) };
    },
    renderExample: (block, context) => imagesWithin(renderer.renderExample(block, context), base),
  };
}
