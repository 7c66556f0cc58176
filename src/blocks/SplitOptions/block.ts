import type { RenderContext } from '../../engine/model/render-context';
import { pictureOf } from '../../engine/model/picture';
import { defineBlock } from '../define-block';
import type { SplitOptionsBlock } from './schema';

export default defineBlock({
  label: 'Split options',
  description: 'Two or three alternatives side by side (e.g. self-serve or managed), each with its inclusions and a button',
  icon: 'handshake',
  category: 'content',
  hydrate: 'none',
  collections: [],
  data: (block: SplitOptionsBlock, { media, blockIndex }: RenderContext) => ({
    pictures: block.options.map((option) => pictureOf(media, option.image, 'split', blockIndex === 0)),
  }),
});
