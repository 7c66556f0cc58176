import type { RenderContext } from '../../engine/model/render-context';
import { pictureOf } from '../../engine/model/picture';
import { defineBlock } from '../define-block';
import type { StepsBlock } from './schema';

export default defineBlock({
  label: 'Steps',
  description: 'A numbered sequence: how it works, onboarding, migration',
  icon: 'route',
  category: 'content',
  hydrate: 'none',
  collections: [],
  data: (block: StepsBlock, { media, blockIndex }: RenderContext) => ({
    pictures: block.steps.map((step) => pictureOf(media, step.image, 'step', blockIndex === 0)),
  }),
});
