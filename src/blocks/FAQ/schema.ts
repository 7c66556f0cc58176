import { z } from 'zod';
import { blockBase, longText, sectionHeading, text } from '../../engine/model/fields';

export const schema = z
  .object({
    type: z.literal('FAQ'),
    ...blockBase,
    ...sectionHeading,
    items: z
      .array(z.object({ question: text('The question, as a visitor would ask it'), answer: longText('The answer') }).strict())
      .min(1)
      .meta({ label: 'Questions' }),
  })
  .strict();

export type FAQBlock = z.infer<typeof schema>;
