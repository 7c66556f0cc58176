import { defineBlock } from '../define-block';
import { costFigures, costProblems } from './cost-data';

export default defineBlock({
  label: 'Cost comparison',
  description:
    'A cost comparison: what the alternative costs or takes, line by line, against our product, with the totals and the saving computed',
  icon: 'coin',
  category: 'comparisons',
  hydrate: 'none',
  data: costFigures,
  check: costProblems,
});
