import { z } from 'zod';
import { blockBase, href, sectionHeading, text } from '../../engine/fields';

/** Field names follow the spec's pricing-plan entity. */
const plan = z
  .object({
    name: text('Plan name (h3), e.g. "Growth"'),
    price: text('Price as shown: "$149", or "Custom"'),
    period: z.string().optional().describe('Billing period as shown after the price, e.g. "/month"; omit for custom prices'),
    description: text('Who the plan is for, including its volume (e.g. 5,000 communications per month)'),
    features: z.array(z.string().min(1)).min(1).max(12).describe('What the plan includes'),
    cta: text('Button label, e.g. "Book Demo"'),
    ctaUrl: href.describe('Button target, e.g. site:scheduling'),
    popular: z.boolean().optional().describe('Highlights the plan with the popular label; the mobile carousel starts on it'),
  })
  .strict();

export const schema = z
  .object({
    type: z.literal('Pricing'),
    ...blockBase,
    ...sectionHeading,
    tinted: z.boolean().optional().describe('Use the alternate section background'),
    popularLabel: text('Badge on the popular plan, e.g. "Most Popular"'),
    plans: z.array(plan).min(1).max(4),
    footnote: z.string().optional().describe('A line under the plans, e.g. what every plan includes'),
    carousel: z
      .object({
        label: text('Accessible name of the mobile carousel, e.g. "Pricing plans"'),
        dotsLabel: text('Accessible name of the row of dots; each dot is named after its plan'),
      })
      .strict()
      .describe('Below 768 px the plans become a carousel that starts on the popular plan'),
  })
  .strict()
  .refine((block) => block.plans.filter((p) => p.popular).length <= 1, { message: 'at most one plan can be popular', path: ['plans'] })
  .describe('Pricing plans: a row of cards on wide screens, a swipeable carousel with dots on phones');

export type PricingBlock = z.infer<typeof schema>;
export type PricingPlan = PricingBlock['plans'][number];
