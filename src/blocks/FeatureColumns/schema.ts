import { z } from 'zod';
import { blockBase, icon, longText, sectionHeading, text, tinted } from '../../engine/model/fields';

const column = z
  .object({
    icon: icon.optional(),
    title: text('Column title (h3), e.g. a channel name'),
    description: longText('What this column offers'),
    points: z.array(text('One point')).max(6).optional().describe('Checked bullet points under the description'),
  })
  .strict();

const sharedFeature = z
  .object({
    icon: icon.optional(),
    title: text('Feature name'),
    description: longText('One sentence on what it does'),
  })
  .strict();

export const schema = z
  .object({
    type: z.literal('FeatureColumns'),
    ...blockBase,
    ...sectionHeading,
    tinted,
    columns: z.array(column).min(2).max(4),
    shared: z
      .object({
        heading: text('Heading (h3) over the features every column has'),
        features: z.array(sharedFeature).min(1).max(8),
      })
      .strict()
      .optional()
      .meta({ description: 'Features common to all columns, listed under them', label: 'Shared features' }),
  })
  .strict();

export type FeatureColumnsBlock = z.infer<typeof schema>;
