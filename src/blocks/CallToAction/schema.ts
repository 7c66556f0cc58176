import { z } from 'zod';
import { blockBase, button, freeText, stat, text } from '../../engine/model/fields';

export const schema = z
  .object({
    type: z.literal('CallToAction'),
    ...blockBase,
    heading: text('Closing headline (h2)'),
    text: freeText('A sentence under the headline', { multiline: true, label: 'Text under the headline' }).optional(),
    buttons: z.array(button).min(1).max(3).describe('Links, or panel:video / panel:chat to open a panel'),
    stats: z.array(stat).min(2).max(4).optional().describe('Stat tiles under the buttons'),
  })
  .strict();

export type CallToActionBlock = z.infer<typeof schema>;
