import { z } from 'zod';
import { blockBase, card, sectionHeading, tinted } from '../../engine/model/fields';

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
    cards: z.array(card).min(1),
  })
  .strict();

export type CardGridBlock = z.infer<typeof schema>;
