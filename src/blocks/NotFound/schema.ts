import { z } from 'zod';
import { blockBase, link, text } from '../../engine/fields';

export const schema = z
  .object({
    type: z.literal('NotFound'),
    ...blockBase,
    code: text('The large status line, "404"'),
    message: text('The sentence under it'),
    homeLink: link.describe('The way back'),
  })
  .strict();

export type NotFoundBlock = z.infer<typeof schema>;

/** Whether the block is the site's not-found page (and not, say, its example in the block gallery). */
export interface NotFoundData {
  logMissingPath: boolean;
}
