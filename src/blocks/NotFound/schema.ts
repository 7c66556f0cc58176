import { z } from 'zod';
import { blockBase, link, longText, text } from '../../engine/model/fields';

export const schema = z
  .object({
    type: z.literal('NotFound'),
    ...blockBase,
    code: text('The large status line, "404"', { label: 'Status line' }),
    message: longText('The sentence under it'),
    homeLink: link.meta({ description: 'The way back', label: 'Link back' }),
  })
  .strict();

export type NotFoundBlock = z.infer<typeof schema>;

/** Whether the block is the site's not-found page (and not, say, its example in the block gallery). */
export interface NotFoundData {
  logMissingPath: boolean;
}
