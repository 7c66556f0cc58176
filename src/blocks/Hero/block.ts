import { defineBlock } from '../define-block';

export default defineBlock({
  label: 'Hero',
  description: 'Top-of-page headline with calls to action',
  icon: 'rocket',
  category: 'openings',
  hydrate: 'none',
});
