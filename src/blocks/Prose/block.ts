import type { RenderContext } from '../../engine/model/render-context';
import { defineBlock, type BlockProblem } from '../define-block';
import type { ProseBlock, ProseData } from './schema';

const DATE_TOKEN = '{date}';

/** The date in the page's language, as a reader writes it: February 5, 2024 (en-US), 5 de febrero de 2024, 5. Februar 2024. */
const longDate = (isoDate: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));

export default defineBlock({
  label: 'Prose',
  description: 'Long-form text: legal documents, company story',
  icon: 'document',
  category: 'content',
  hydrate: 'none',
  // Its data is the date line, in the page's language: it reads no collection.
  collections: [],
  data: ({ updated }: ProseBlock, { site }: RenderContext): ProseData => {
    if (!updated) return {};
    const [before, after = ''] = updated.line.split(DATE_TOKEN);
    return { updated: { before, date: longDate(updated.date, site.locale.tag), dateTime: updated.date, after } };
  },
  check: ({ updated }: ProseBlock): BlockProblem[] => {
    const dates = updated ? updated.line.split(DATE_TOKEN).length - 1 : 1;
    if (dates === 1) return [];
    return [
      {
        path: ['updated', 'line'],
        message: dates
          ? `the line has ${DATE_TOKEN} ${dates} times; the date shows once`
          : `the line has no ${DATE_TOKEN}, so the date would not show`,
        hint: `write ${DATE_TOKEN} once, where the date goes: "Effective ${DATE_TOKEN}"`,
      },
    ];
  },
});
