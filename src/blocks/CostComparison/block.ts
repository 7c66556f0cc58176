import { defineBlock } from '../define-block';

export default defineBlock({
  label: 'Cost comparison',
  description: 'A cost comparison: what the alternative costs or takes, line by line, against our product, and the saving',
  icon: 'coin',
  category: 'comparisons',
  hydrate: 'none',
});
