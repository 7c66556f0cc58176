import { z } from 'zod';
import { blockBase, button, text } from '../../engine/fields';

export const schema = z
  .object({
    type: z.literal('CallToAction'),
    ...blockBase,
    heading: text('Closing headline (h2)'),
    text: z.string().optional().describe('A sentence under the headline'),
    buttons: z.array(button).min(1).max(3),
  })
  .strict()
  .describe('A closing band with a headline and buttons');

export type CallToActionBlock = z.infer<typeof schema>;
