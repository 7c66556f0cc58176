/** The pricing plans (spec sections 3 and 9): the one source of every plan figure the site states. */
import { z } from 'zod';
import { href, longText, money, slug, text } from '../fields';

export const planItem = z
  .object({
    id: slug.meta({ description: 'Unique id; other pages quote its figures as {plans.<id>.price}', label: 'Plan ID' }),
    name: text('Plan name, e.g. "Growth"'),
    price: z
      .union([money, text('A price that is not a figure: "Custom"')])
      .describe(
        'The price, { "amount": 149, "currency": "USD" } (pages quote it as {plans.<id>.price}: "$149"), or a word such as "Custom"',
      ),
    period: z
      .string()
      .optional()
      .meta({ description: 'Billing period after the price: "/month"; leave out for custom pricing', label: 'Billing period' }),
    description: longText('Who the plan is for, in one sentence'),
    features: z.array(text('One included feature')).min(1).meta({ label: 'Included features' }),
    cta: text('Button label, e.g. "Book Demo"', { label: 'Button text' }),
    ctaUrl: href.meta({ description: 'Where the button leads (site:scheduling, site:signUp, ...)', label: 'Button link' }),
    popular: z.boolean().optional().meta({ description: 'Marks the plan as the popular one (at most one)', label: 'Most popular' }),
  })
  .strict();

export type Plan = z.infer<typeof planItem>;

/** The plans in their file: at most one may be marked popular. */
export const planList = z.array(planItem).refine((plans) => plans.filter((plan) => plan.popular).length <= 1, {
  message: 'at most one plan can be popular',
  params: { hint: 'leave "popular" on one plan only' },
});
