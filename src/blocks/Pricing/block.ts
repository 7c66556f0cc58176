import { formatMoney } from '../../engine/model/money';
import type { RenderContext } from '../../engine/model/render-context';
import { defineBlock } from '../define-block';
import type { PricingBlock, PricingData } from './schema';

export default defineBlock({
  label: 'Pricing',
  description:
    'The pricing plans (from pages-json/_collections/plans.json): a row of cards on wide screens, a swipeable carousel with dots on phones',
  icon: 'receipt',
  category: 'comparisons',
  hydrate: 'visible',
  collections: ['plans'],
  data: (_: PricingBlock, { collections, site }: RenderContext): PricingData => ({
    plans: collections.plans.map((plan) => ({
      ...plan,
      price: typeof plan.price === 'string' ? plan.price : formatMoney(plan.price, { locale: site.locale.tag }),
    })),
  }),
});
