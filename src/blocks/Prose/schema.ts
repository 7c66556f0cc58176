import { z } from 'zod';
import { blockBase, longText, text } from '../../engine/model/fields';

const proseSection = z
  .object({
    heading: text('Section heading (h2)'),
    paragraphs: z
      .array(longText('One paragraph', { label: 'Paragraph' }))
      .optional()
      .describe('Paragraphs, in order'),
    bullets: z
      .array(longText('One bullet point', { label: 'Bullet point' }))
      .optional()
      .describe('A bulleted list after the paragraphs'),
  })
  .strict();

/** A dated line: the date is a date, written in each language's format where {date} stands. */
const dateLine = z
  .object({
    line: text('The line, with {date} where the date goes: "Effective {date}"'),
    date: z.iso.date().describe("The date (YYYY-MM-DD), shown in each language's format: February 5, 2024, 5 de febrero de 2024"),
  })
  .strict();

export const schema = z
  .object({
    type: z.literal('Prose'),
    ...blockBase,
    heading: z.string().optional().describe('Document heading (h1) when the page has no hero'),
    updated: dateLine
      .optional()
      .meta({ description: 'The date line under the heading, such as when the document takes effect', label: 'Date line' }),
    intro: z
      .array(longText('One paragraph', { label: 'Paragraph' }))
      .optional()
      .meta({ description: 'Paragraphs before the first section', label: 'Introduction' }),
    sections: z.array(proseSection).min(1),
  })
  .strict();

export type ProseBlock = z.infer<typeof schema>;

/** The date line as the page shows it: the text around the date, and the date in the page's language. */
export interface ProseData {
  updated?: { before: string; date: string; dateTime: string; after: string };
}
