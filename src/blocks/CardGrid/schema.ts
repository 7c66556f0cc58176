import { z } from 'zod';
import { blockBase, card, image, sectionHeading, tinted } from '../../engine/model/fields';

export const schema = z
  .object({
    type: z.literal('CardGrid'),
    ...blockBase,
    ...sectionHeading,
    columns: z
      .union([z.literal(2), z.literal(3), z.literal(4)])
      .optional()
      .describe('Columns on wide screens (default 3)'),
    tinted,
    cards: z.array(card.extend({ image: image('A picture at the top of the card, cropped to 16:10', 'card').optional() }).strict()).min(1),
  })
  .strict();

export type CardGridBlock = z.infer<typeof schema>;
