import { defineBlock } from '../define-block';

export default defineBlock({
  label: 'Comparison table',
  description: 'A feature-by-feature table: our product against another product or category, each side with a yes/no mark and a short note',
  icon: 'scale',
  category: 'comparisons',
  hydrate: 'none',
});
