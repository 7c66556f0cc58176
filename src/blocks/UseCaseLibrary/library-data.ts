import { pictureOf } from '../../engine/model/picture';
/** Build-time data of the library block: the collection's records (or a preset subset), their pages, the filters' choices. */
import { FILTER_INDUSTRIES, LEADING_SOLUTIONS, UNLISTED_INDUSTRIES, USE_CASE_LIFECYCLES } from '../../engine/model/collections/use-cases';
import { compileCountMessage } from '../../engine/model/count-message';
import type { RenderContext } from '../../engine/model/render-context';
import { choicesOf, matches } from '../../widgets/filters/filter-items';
import type { UseCaseLibraryBlock, UseCaseLibraryData } from './schema';

const USE_CASE_PAGES = '/use-cases';

export function libraryData(block: UseCaseLibraryBlock, { collections, routes, site, media }: RenderContext): UseCaseLibraryData {
  const { highlight, ...fields } = block.preset ?? {};
  const records = collections['use-cases'].filter(
    (item) =>
      matches(item, { fields: { solution: (i) => i.solution, industry: (i) => i.industry, lifecycle: (i) => i.lifecycle } }, fields) &&
      (highlight === undefined || item.highlight === highlight),
  );
  const linked = records.map((item) => {
    const href = `${USE_CASE_PAGES}/${item.id}`;
    return routes.has(href) ? { ...item, href } : item;
  });
  // Use cases with a landing page lead; each group keeps the collection's order.
  const items = [...linked.filter((item) => 'href' in item), ...linked.filter((item) => !('href' in item))];
  return {
    countLabel: compileCountMessage(block.labels.count, site.locale.tag),
    valueNames: site.config.valueNames ?? {},
    items,
    lifecyclePictures: Object.fromEntries(
      Object.entries(block.lifecycleImages ?? {}).flatMap(([stage, id]) => {
        const picture = pictureOf(media, id, 'card');
        return picture ? [[stage, picture]] : [];
      }),
    ),
    choices: {
      solution: choicesOf(items, (item) => item.solution, LEADING_SOLUTIONS),
      industry: choicesOf(items, (item) => item.industry, FILTER_INDUSTRIES, UNLISTED_INDUSTRIES),
      lifecycle: choicesOf(items, (item) => item.lifecycle, USE_CASE_LIFECYCLES),
    },
  };
}
