import { z } from 'zod';
import { blockBase, button, freeText, image, text } from '../../engine/model/fields';

export const schema = z
  .object({
    type: z.literal('Hero'),
    ...blockBase,
    badge: z.string().optional().describe('Small pill above the headline, e.g. "Use Case: Collections"'),
    heading: text('Page headline (the only h1 on the page)'),
    subheading: freeText('Sentence or two under the headline', { multiline: true, label: 'Text under the headline' }).optional(),
    buttons: z.array(button).max(3).optional().describe('Calls to action, most important first'),
    highlights: z.array(text('One point')).max(4).optional().describe('Short reassurance points under the buttons'),
    image: image('An illustration or photo beside the headline (under it on a phone)', 'hero').optional(),
  })
  .strict();

export type HeroBlock = z.infer<typeof schema>;
