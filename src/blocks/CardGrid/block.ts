import type { RenderContext } from '../../engine/model/render-context';
import { pictureOf } from '../../engine/model/picture';
import { defineBlock } from '../define-block';
import type { CardGridBlock } from './schema';

export default defineBlock({
  label: 'Card grid',
  description: 'A grid of icon cards: benefits, features, roles, capabilities',
  icon: 'layers',
  category: 'content',
  hydrate: 'none',
  collections: [],
  data: (block: CardGridBlock, { media, blockIndex }: RenderContext) => ({
    pictures: block.cards.map((card) => pictureOf(media, card.image, 'card', blockIndex === 0)),
  }),
});
