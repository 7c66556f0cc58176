import { defineBlock } from '../define-block';

export default defineBlock({
  label: 'Logo strip',
  description: 'A quiet strip of integration wordmarks (icon + name), shown under a hero',
  icon: 'plug',
  category: 'links',
  hydrate: 'none',
});
