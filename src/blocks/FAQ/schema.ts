import { z } from 'zod';
import { blockBase, sectionHeading, text } from '../../engine/fields';

export const schema = z
  .object({
    type: z.literal('FAQ'),
    ...blockBase,
    ...sectionHeading,
    items: z.array(z.object({ question: text('The question, as a visitor would ask it'), answer: text('The answer') }).strict()).min(1),
  })
  .strict();

export type FAQBlock = z.infer<typeof schema>;
