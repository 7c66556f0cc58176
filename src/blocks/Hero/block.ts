import type { RenderContext } from '../../engine/model/render-context';
import { pictureOf } from '../../engine/model/picture';
import { defineBlock } from '../define-block';
import type { HeroBlock } from './schema';

export default defineBlock({
  label: 'Hero',
  description: 'Top-of-page headline with calls to action, and an image beside it',
  icon: 'rocket',
  category: 'openings',
  hydrate: 'none',
  collections: [],
  // A hero opens its page: its image is the page's LCP candidate, loaded at once with high priority. Its record's
  // caption (in the page's language) shows under it.
  data: (block: HeroBlock, { media, blockIndex }: RenderContext) => ({
    picture: pictureOf(media, block.image, 'hero', blockIndex === 0),
    caption: block.image ? media?.[block.image]?.caption : undefined,
  }),
});
