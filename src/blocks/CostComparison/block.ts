import { defineBlock } from '../define-block';
import { costFigures, costProblems } from './cost-data';
import type { CostComparisonBlock } from './schema';

export default defineBlock({
  label: 'Cost comparison',
  description:
    'A cost comparison: what the alternative costs or takes, line by line, against our product, with the totals and the saving computed',
  icon: 'coin',
  category: 'comparisons',
  hydrate: 'none',
  // A cost may be a plan's price (`{ "plan": "growth" }`): such a comparison shows the plans.
  collections: (block: CostComparisonBlock) =>
    [...block.alternative.lines, ...block.product.lines].some((line) => line.cost?.plan !== undefined) ? ['plans'] : [],
  data: costFigures,
  check: costProblems,
});
