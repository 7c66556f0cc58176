import { z } from 'zod';
import { blockBase, button, text } from '../../engine/fields';

export const schema = z
  .object({
    type: z.literal('Hero'),
    ...blockBase,
    badge: z.string().optional().describe('Small pill above the headline, e.g. "Use Case: Collections"'),
    heading: text('Page headline (the only h1 on the page)'),
    subheading: z.string().optional().describe('Sentence or two under the headline'),
    buttons: z.array(button).max(3).optional().describe('Calls to action, most important first'),
    highlights: z.array(z.string().min(1)).max(4).optional().describe('Short reassurance points under the buttons'),
  })
  .strict();

export type HeroBlock = z.infer<typeof schema>;
