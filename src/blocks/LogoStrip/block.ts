import type { RenderContext } from '../../engine/model/render-context';
import { pictureOf } from '../../engine/model/picture';
import { defineBlock } from '../define-block';
import type { LogoStripBlock } from './schema';

export default defineBlock({
  label: 'Logo strip',
  description: 'A quiet strip of integration wordmarks (icon or SVG mark + name), shown under a hero',
  icon: 'plug',
  category: 'links',
  hydrate: 'none',
  collections: [],
  data: (block: LogoStripBlock, { media, blockIndex }: RenderContext) => ({
    marks: block.items.map((item) => pictureOf(media, item.mark, 'logo', blockIndex === 0)),
  }),
});
