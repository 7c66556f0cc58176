import { z } from 'zod';
import { blockBase, icon, sectionHeading, text, tinted } from '../../engine/model/fields';

export const schema = z
  .object({
    type: z.literal('ComponentShowcase'),
    ...blockBase,
    ...sectionHeading,
    tinted,
    labels: z
      .object({
        variants: text('Heading over the button variants'),
        onDark: text('Caption of the variants drawn on a dark band (inverse), e.g. "On dark bands"', { label: 'Caption on dark' }),
        sizes: text('Heading over the button sizes'),
        badges: text('Heading over the badges'),
        icons: text('Heading over the brand icons'),
      })
      .strict(),
    buttonText: text('The text of the sample buttons, e.g. "Get Started"'),
    iconButtonLabel: text('What the icon-size sample button means, for screen readers, e.g. "Start a chat"'),
    badges: z.array(z.object({ label: text('Badge text'), variant: z.enum(['filled', 'light', 'outline', 'dot']) }).strict()).min(1),
    icons: z.array(z.object({ icon, label: text('What the icon stands for, e.g. "Email"') }).strict()).min(1),
  })
  .strict();

export type ComponentShowcaseBlock = z.infer<typeof schema>;
