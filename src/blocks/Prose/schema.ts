import { z } from 'zod';
import { blockBase, text } from '../../engine/fields';

const proseSection = z
  .object({
    heading: text('Section heading (h2)'),
    paragraphs: z.array(z.string().min(1)).optional().describe('Paragraphs, in order'),
    bullets: z.array(z.string().min(1)).optional().describe('A bulleted list after the paragraphs'),
  })
  .strict();

export const schema = z
  .object({
    type: z.literal('Prose'),
    ...blockBase,
    heading: z.string().optional().describe('Document heading (h1) when the page has no hero'),
    updated: z.string().optional().describe('Date line, e.g. "Effective February 5, 2024"'),
    intro: z.array(z.string().min(1)).optional().describe('Paragraphs before the first section'),
    sections: z.array(proseSection).min(1),
  })
  .strict();

export type ProseBlock = z.infer<typeof schema>;
