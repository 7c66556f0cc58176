import { z } from 'zod';
import type { Plan } from '../../engine/model/collections/plans';
import { blockBase, freeText, sectionHeading, text, tinted } from '../../engine/model/fields';

export const schema = z
  .object({
    type: z.literal('Pricing'),
    ...blockBase,
    ...sectionHeading,
    tinted,
    popularLabel: text('Badge on the popular plan, e.g. "Most Popular"', { label: 'Badge on the popular plan' }),
    footnote: freeText('A line under the plans, e.g. what every plan includes', { multiline: true }).optional(),
    carousel: z
      .object({
        label: text('Accessible name of the mobile carousel, e.g. "Pricing plans"'),
        dotsLabel: text('Accessible name of the row of dots; each dot is named after its plan', { label: 'Name of the row of dots' }),
      })
      .strict()
      .meta({ description: 'Below 768 px the plans become a carousel that starts on the popular plan', label: 'Carousel on phones' }),
  })
  .strict();

export type PricingBlock = z.infer<typeof schema>;
/** A plan as the cards show it: its price formatted ("$149") when the page is built. */
export type PricingPlan = Omit<Plan, 'price'> & { price: string };
/** What the block shows besides its own fields: the plans collection. */
export interface PricingData {
  plans: PricingPlan[];
}
