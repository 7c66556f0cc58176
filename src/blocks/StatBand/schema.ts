import { z } from 'zod';
import { blockBase, sectionHeading, text } from '../../engine/fields';

export const schema = z
  .object({
    type: z.literal('StatBand'),
    ...blockBase,
    ...sectionHeading,
    tinted: z.boolean().optional().describe('Use the alternate section background'),
    stats: z
      .array(
        z
          .object({
            value: text('The figure, as shown: "5X", "99%+", "24/7"'),
            label: text('What the figure measures'),
            description: z.string().optional().describe('A short line of context'),
          })
          .strict(),
      )
      .min(1)
      .max(6),
  })
  .strict()
  .describe('A row of headline figures');

export type StatBandBlock = z.infer<typeof schema>;
