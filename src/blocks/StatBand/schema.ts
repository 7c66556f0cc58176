import { z } from 'zod';
import { blockBase, sectionHeading, stat, tinted } from '../../engine/model/fields';

export const schema = z
  .object({
    type: z.literal('StatBand'),
    ...blockBase,
    ...sectionHeading,
    tinted,
    stats: z.array(stat).min(1).max(6),
  })
  .strict();

export type StatBandBlock = z.infer<typeof schema>;
