import type { RenderContext } from '../../engine/render-context';
import { defineBlock, type BlockProblem } from '../define-block';
import type { ProseBlock, ProseData } from './schema';

const DATE_TOKEN = '{date}';

/** The date in the page's language, as a reader writes it: 5 February 2024, 5 de febrero de 2024, 5. Februar 2024. */
const longDate = (isoDate: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));

export default defineBlock({
  label: 'Prose',
  description: 'Long-form text: legal documents, company story',
  icon: 'document',
  category: 'content',
  hydrate: 'none',
  data: ({ updated }: ProseBlock, { site }: RenderContext): ProseData => {
    if (!updated) return {};
    const [before, after = ''] = updated.line.split(DATE_TOKEN);
    return { updated: { before, date: longDate(updated.date, site.locale.tag), dateTime: updated.date, after } };
  },
  check: ({ updated }: ProseBlock): BlockProblem[] =>
    updated && !updated.line.includes(DATE_TOKEN)
      ? [
          {
            path: ['updated', 'line'],
            message: `the line has no ${DATE_TOKEN}, so the date would not show`,
            hint: `write ${DATE_TOKEN} where the date goes: "Effective ${DATE_TOKEN}"`,
          },
        ]
      : [],
});
