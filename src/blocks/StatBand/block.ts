import { defineBlock } from '../define-block';

export default defineBlock({
  label: 'Stat band',
  description: 'A row of headline figures',
  icon: 'chart',
  category: 'content',
  hydrate: 'none',
});
