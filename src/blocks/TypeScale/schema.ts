import { z } from 'zod';
import { blockBase, sectionHeading, text } from '../../engine/fields';

const TEXT_STYLES = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'xs', 'sm', 'md', 'lg', 'xl'] as const;

export const schema = z
  .object({
    type: z.literal('TypeScale'),
    ...blockBase,
    ...sectionHeading,
    tinted: z.boolean().optional().describe('Use the alternate section background'),
    styles: z
      .array(
        z
          .object({
            name: text('Style name, e.g. "Heading 1"'),
            style: z.enum(TEXT_STYLES).describe('A heading (h1-h6) or a text size (xs-xl) of the theme'),
            sample: text('The sample shown in that style'),
          })
          .strict(),
      )
      .min(1),
    labels: z
      .object({
        family: text('Label of the font family, e.g. "Typeface"'),
        size: text('Label of the size, e.g. "Size"'),
        weight: text('Label of the weight, e.g. "Weight"'),
        lineHeight: text('Label of the line height, e.g. "Line height"'),
      })
      .strict(),
  })
  .strict()
  .describe('The type scale, read from the site theme: each style with its size, weight and line height, as a live sample');

export type TypeScaleBlock = z.infer<typeof schema>;
