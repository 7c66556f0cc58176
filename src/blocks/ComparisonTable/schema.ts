import { z } from 'zod';
import { blockBase, sectionHeading, text } from '../../engine/fields';

/** One side of a row: whether it offers the feature, and how. */
const side = z
  .object({
    available: z.boolean().describe('Whether this side offers the feature; shown as a yes/no mark'),
    description: text('Short note on how this side handles the feature'),
  })
  .strict();

const row = z
  .object({
    feature: text('The feature being compared (row header)'),
    product: side.describe('Our product, in the second column'),
    competitor: side.describe('The compared product or category, in the third column'),
  })
  .strict();

export const schema = z
  .object({
    type: z.literal('ComparisonTable'),
    ...blockBase,
    ...sectionHeading,
    tinted: z.boolean().optional().describe('Use the alternate section background'),
    columns: z
      .object({
        feature: text('Heading of the feature column, e.g. "Feature"'),
        product: text('Heading of our column, e.g. "{product}"'),
        competitor: text('Heading of the compared column, e.g. "Marketing automation platform"'),
      })
      .strict()
      .describe('Column headings'),
    marks: z
      .object({
        yes: text('Text read by screen readers for a yes mark, e.g. "Yes"'),
        no: text('Text read by screen readers for a no mark, e.g. "No"'),
      })
      .strict()
      .describe('Accessible names of the yes/no icons'),
    rows: z.array(row).min(1),
  })
  .strict();

export type ComparisonTableBlock = z.infer<typeof schema>;
