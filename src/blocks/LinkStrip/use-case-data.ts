/** Build-time data of a use-case strip: the collection's records as pills, each to its landing page or to the library. */
import type { RenderContext } from '../../engine/model/render-context';
import type { LinkStripBlock } from './schema';

const LIBRARY = '/use-cases';

export function useCaseItems(block: LinkStripBlock, { collections, routes }: RenderContext): Pick<LinkStripBlock, 'items'> {
  if (!block.useCases) return {};
  const { withPages, popular, limit } = block.useCases;
  const pageOf = (id: string) => (routes.has(`${LIBRARY}/${id}`) ? `${LIBRARY}/${id}` : undefined);
  const records = collections['use-cases'].filter((item) => (!withPages || pageOf(item.id)) && (!popular || item.highlight));
  return {
    items: records.slice(0, limit ?? 24).map((item) => ({
      label: item.title,
      icon: item.icon,
      href: pageOf(item.id) ?? `${LIBRARY}?q=${encodeURIComponent(item.title)}`,
    })),
  };
}
