import { z } from 'zod';
import { blockBase, longText, sectionHeading, text, tinted } from '../../engine/model/fields';
import { TEXT_STYLE_NAMES } from '../../vocabulary/text-styles';

export const schema = z
  .object({
    type: z.literal('TypeScale'),
    ...blockBase,
    ...sectionHeading,
    tinted,
    styles: z
      .array(
        z
          .object({
            name: text('Style name, e.g. "Display (Heading 1)"'),
            style: z
              .enum(TEXT_STYLE_NAMES)
              .describe(
                'A text style of the theme (src/theme/theme.ts, textStyles): display (the hero headline), section (section headings), card (card titles), lead (the hero lead), body, caption',
              ),
            sample: longText('The sample shown in that style'),
          })
          .strict(),
      )
      .min(1),
    labels: z
      .object({
        family: text('Label of the font family, e.g. "Typeface"', { label: 'Font family' }),
        size: text('Label of the size, e.g. "Size"'),
        fluid: text('Said after the range of a size that follows the screen width, e.g. "following the screen width"', {
          label: 'Fluid size',
        }),
        weight: text('Label of the weight, e.g. "Weight"'),
        lineHeight: text('Label of the line height, e.g. "Line height"'),
      })
      .strict(),
  })
  .strict();

export type TypeScaleBlock = z.infer<typeof schema>;
