import { defineBlock } from '../define-block';
import { useCaseItems } from './use-case-data';

export default defineBlock({
  label: 'Link strip',
  description: 'A wrapped row of pill links: use cases, industries, topics',
  icon: 'world',
  category: 'links',
  hydrate: 'none',
  data: useCaseItems,
});
