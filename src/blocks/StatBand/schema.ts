import { z } from 'zod';
import { blockBase, sectionHeading, stat } from '../../engine/fields';

export const schema = z
  .object({
    type: z.literal('StatBand'),
    ...blockBase,
    ...sectionHeading,
    tinted: z.boolean().optional().describe('Use the alternate section background'),
    stats: z.array(stat).min(1).max(6),
  })
  .strict();

export type StatBandBlock = z.infer<typeof schema>;
