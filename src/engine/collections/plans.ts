/** The pricing plans (spec sections 3 and 9): the one source of every plan figure the site states. */
import { z } from 'zod';
import { href, slug, text } from '../fields';

export const planItem = z
  .object({
    id: slug.describe('Unique id; other pages quote its figures as {plans.<id>.price}'),
    name: text('Plan name, e.g. "Growth"'),
    price: text('Price as shown: "$149" or "Custom"'),
    period: z.string().optional().describe('Billing period after the price: "/month"; leave out for custom pricing'),
    description: text('Who the plan is for, in one sentence'),
    features: z.array(text('One included feature')).min(1),
    cta: text('Button label, e.g. "Book Demo"'),
    ctaUrl: href.describe('Where the button leads (site:scheduling, site:signUp, ...)'),
    popular: z.boolean().optional().describe('Marks the plan as the popular one (at most one)'),
  })
  .strict();

export type Plan = z.infer<typeof planItem>;

/** The plans in their file: at most one may be marked popular. */
export const planList = z.array(planItem).refine((plans) => plans.filter((plan) => plan.popular).length <= 1, {
  message: 'at most one plan can be popular',
  params: { hint: 'leave "popular" on one plan only' },
});
