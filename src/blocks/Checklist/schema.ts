import { z } from 'zod';
import { blockBase, longText, sectionHeading, tinted } from '../../engine/model/fields';

export const schema = z
  .object({
    type: z.literal('Checklist'),
    ...blockBase,
    ...sectionHeading,
    columns: z
      .union([z.literal(1), z.literal(2)])
      .optional()
      .describe('Columns on wide screens (default 1); small screens always show one'),
    tinted,
    items: z.array(longText('One short item, a phrase or a sentence')).min(1).describe('The items, each shown with a check mark'),
  })
  .strict();

export type ChecklistBlock = z.infer<typeof schema>;
