import { z } from 'zod';
import { blockBase, sectionHeading, text } from '../../engine/fields';

/** A theme colour, as Mantine names it: "brand.5", "accent.2", "gray.0", "white", "black". */
const themeColor = z
  .string()
  .regex(/^[a-z]+(\.\d)?$/, { message: 'expected a theme colour such as "brand.5", "gray.0" or "white"' })
  .describe('A colour of the site theme (src/theme/theme.ts): its value is read from the theme');

export const schema = z
  .object({
    type: z.literal('BrandPalette'),
    ...blockBase,
    ...sectionHeading,
    tinted: z.boolean().optional().describe('Use the alternate section background'),
    swatches: z
      .array(z.object({ name: text('Swatch name, e.g. "Primary"'), color: themeColor, usage: text('Where the site uses it') }).strict())
      .min(1),
    gradients: z
      .array(
        z
          .object({
            name: text('Gradient name'),
            gradient: z.string().min(1).describe('A gradient of the theme: hero, band, announcement, premium'),
            usage: text('Where the site uses it'),
          })
          .strict(),
      )
      .optional(),
    labels: z
      .object({
        sample: text('The text shown on each swatch, e.g. "Aa"'),
        contrast: text('Label of the contrast ratio, e.g. "Text contrast"'),
        pass: text('Shown when text on the colour meets WCAG AA, e.g. "AA pass"'),
        fail: text('Shown when it does not, e.g. "AA fail"'),
        copy: text('Accessible name of a copy button; {value} is the value: "Copy {value}"'),
        copied: text('Toast text after copying; {value} is the value: "{value} copied to clipboard"'),
      })
      .strict(),
  })
  .strict()
  .describe('The brand colours and gradients, read from the site theme: values in hex and HSL, text contrast, one-click copy');

export type BrandPaletteBlock = z.infer<typeof schema>;
