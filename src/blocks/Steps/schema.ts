import { z } from 'zod';
import { blockBase, icon, image, longText, sectionHeading, text, tinted } from '../../engine/model/fields';

export const schema = z
  .object({
    type: z.literal('Steps'),
    ...blockBase,
    ...sectionHeading,
    tinted,
    steps: z
      .array(
        z
          .object({
            icon: icon.optional(),
            title: text('Step name, e.g. "Train"'),
            description: longText('What happens in this step'),
            image: image('An illustration above the step', 'step').optional(),
          })
          .strict(),
      )
      .min(2)
      .max(6)
      .describe('In order; numbered automatically'),
  })
  .strict();

export type StepsBlock = z.infer<typeof schema>;
