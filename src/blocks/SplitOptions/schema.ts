import { z } from 'zod';
import { blockBase, button, icon, image, longText, sectionHeading, text, tinted } from '../../engine/model/fields';

const option = z
  .object({
    icon: icon.optional(),
    badge: z.string().optional().describe('Small label above the title, e.g. "Self-serve"'),
    title: text('Option title (h3)'),
    description: longText('Who the option suits and how it works'),
    points: z.array(text('One point')).max(8).optional().describe('What the option includes'),
    button: button.optional(),
    image: image('A picture at the top of the option, cropped to 4:3', 'split').optional(),
  })
  .strict();

export const schema = z
  .object({
    type: z.literal('SplitOptions'),
    ...blockBase,
    ...sectionHeading,
    tinted,
    options: z.array(option).min(2).max(3),
  })
  .strict();

export type SplitOptionsBlock = z.infer<typeof schema>;
