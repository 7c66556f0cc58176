/**
 * A page's images are named `/_img/<file>` (src/engine/model/picture.ts), which the published site serves from its
 * build. A preview in the hosted editor shows a change set's own images, which no build has made: its HTML names them
 * under the preview's place instead (`<base>/_img/<file>`), where preview-images.ts makes each one from the change
 * set's media. In `src`, `srcset` (each candidate), `imagesrcset` and `href` alike.
 */
import { IMAGE_URL_PREFIX } from '../../engine/model/picture';
import type { DraftRenderer } from '../server/endpoints';

const IMAGE_ADDRESS = new RegExp(`(["'\\s,(])${IMAGE_URL_PREFIX.replaceAll('/', '\\/')}`, 'g');

/** `html` with each image address under `base` (`/changes/<id>/edit`, `/preview/<token>`). */
export const imagesWithin = (html: string, base: string) => html.replace(IMAGE_ADDRESS, `$1${base}${IMAGE_URL_PREFIX}`);

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
