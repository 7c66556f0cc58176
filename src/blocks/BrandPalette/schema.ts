import { z } from 'zod';
import { blockBase, longText, matching, notTranslated, sectionHeading, text, tinted } from '../../engine/model/fields';

/** A colour of the theme: a role ("primary", "accent", ...), a shade of the primary ("primary.5") or a Mantine colour ("gray.0", "white"). */
const themeColor = matching(/^[a-zA-Z]+(\.\d)?$/, 'a colour of the theme such as "primary", "accent", "primary.5", "gray.0" or "white"');

export const schema = z
  .object({
    type: z.literal('BrandPalette'),
    ...blockBase,
    ...sectionHeading,
    tinted,
    swatches: z
      .array(z.object({ name: text('Swatch name, e.g. "Primary"'), color: themeColor, usage: longText('Where the site uses it') }).strict())
      .min(1),
    gradients: z
      .array(
        z
          .object({
            name: text('Gradient name'),
            gradient: notTranslated(z.string().min(1)).describe(
              'A gradient of the theme: hero, band, announcement, premium; its stops and text colour are read from the theme',
            ),
            usage: longText('Where the site uses it'),
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
        stops: text('Label of a gradient\'s colour stops, e.g. "Stops"'),
        text: text('Label of the text colour set on a gradient, e.g. "Text colour"'),
        lightest: text('Label of the text contrast on a gradient\'s lightest stop, e.g. "on its lightest stop"'),
        darkest: text('Label of the text contrast on a gradient\'s darkest stop, e.g. "on its darkest stop"'),
      })
      .strict(),
  })
  .strict()
  .describe(
    'The brand colours and gradients, read from the site theme: values in hex and HSL, text contrast (on each gradient: its text colour on its lightest and darkest stop), one-click copy',
  );

export type BrandPaletteBlock = z.infer<typeof schema>;
