import { z } from 'zod';
import { blockBase, freeText, icon, image, text } from '../../engine/model/fields';

export const schema = z
  .object({
    type: z.literal('LogoStrip'),
    ...blockBase,
    heading: text('Short lead-in above the names (h2, set small), e.g. "Connects to the systems you already run"'),
    items: z
      .array(
        z
          .object({
            name: text('What is connected, as a generic category or tool type; never a company name or trademark'),
            icon: icon.optional(),
            mark: image('A mark drawn as SVG, shown instead of the icon (never a company logo or trademark)', 'logo').optional(),
          })
          .strict(),
      )
      .min(2)
      .max(16),
    note: freeText('A line under the names, e.g. how the connections work', { multiline: true }).optional(),
  })
  .strict();

export type LogoStripBlock = z.infer<typeof schema>;
