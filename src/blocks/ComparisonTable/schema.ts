import { z } from 'zod';
import { blockBase, longText, sectionHeading, text, tinted } from '../../engine/model/fields';

/** One side of a row: whether it offers the feature, and how. */
const side = z
  .object({
    available: z.boolean().meta({ description: 'Whether this side offers the feature; shown as a yes/no mark', label: 'Offers it' }),
    description: longText('Short note on how this side handles the feature', { label: 'How' }),
  })
  .strict();

const row = z
  .object({
    feature: text('The feature being compared (row header)'),
    product: side.meta({ description: 'Our product, in the second column', label: 'Our product' }),
    competitor: side.meta({ description: 'The compared product or category, in the third column', label: 'The compared product' }),
  })
  .strict();

export const schema = z
  .object({
    type: z.literal('ComparisonTable'),
    ...blockBase,
    ...sectionHeading,
    tinted,
    columns: z
      .object({
        feature: text('Heading of the feature column, e.g. "Feature"', { label: 'Feature column' }),
        product: text('Heading of our column, e.g. "{product}"', { label: 'Our column' }),
        competitor: text('Heading of the compared column, e.g. "Marketing automation platform"', { label: 'Compared column' }),
      })
      .strict()
      .describe('Column headings'),
    marks: z
      .object({
        yes: text('Text read by screen readers for a yes mark, e.g. "Yes"'),
        no: text('Text read by screen readers for a no mark, e.g. "No"'),
      })
      .strict()
      .meta({ description: 'Accessible names of the yes/no icons', label: 'Yes and no marks' }),
    rows: z.array(row).min(1),
  })
  .strict();

export type ComparisonTableBlock = z.infer<typeof schema>;
