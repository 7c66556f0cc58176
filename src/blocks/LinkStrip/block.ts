import { defineBlock } from '../define-block';
import type { LinkStripBlock } from './schema';
import { useCaseItems } from './use-case-data';

export default defineBlock({
  label: 'Link strip',
  description: 'A wrapped row of pill links: use cases, industries, topics',
  icon: 'world',
  category: 'links',
  hydrate: 'none',
  // Its pills are the use cases only when it says `useCases`; written out, they show no collection.
  collections: (block: LinkStripBlock) => (block.useCases ? ['use-cases'] : []),
  data: useCaseItems,
});
