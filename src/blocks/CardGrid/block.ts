import { defineBlock } from '../define-block';

export default defineBlock({
  label: 'Card grid',
  description: 'A grid of icon cards: benefits, features, roles, capabilities',
  icon: 'layers',
  category: 'content',
  hydrate: 'none',
});
