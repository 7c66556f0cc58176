import { z } from 'zod';
import { blockBase, icon, sectionHeading, text } from '../../engine/fields';

const column = z
  .object({
    icon: icon.optional(),
    title: text('Column title (h3), e.g. a channel name'),
    description: text('What this column offers'),
    points: z.array(z.string().min(1)).max(6).optional().describe('Checked bullet points under the description'),
  })
  .strict();

const sharedFeature = z
  .object({
    icon: icon.optional(),
    title: text('Feature name'),
    description: text('One sentence on what it does'),
  })
  .strict();

export const schema = z
  .object({
    type: z.literal('FeatureColumns'),
    ...blockBase,
    ...sectionHeading,
    tinted: z.boolean().optional().describe('Use the alternate section background'),
    columns: z.array(column).min(2).max(4),
    shared: z
      .object({
        heading: text('Heading (h3) over the features every column has'),
        features: z.array(sharedFeature).min(1).max(8),
      })
      .strict()
      .optional()
      .describe('Features common to all columns, listed under them'),
  })
  .strict();

export type FeatureColumnsBlock = z.infer<typeof schema>;
