import { z } from 'zod';
import { blockBase, sectionHeading, text } from '../../engine/fields';

const amount = z
  .object({
    label: text('What is counted, e.g. "Automation tool"'),
    amount: text('The figure as shown: "$200+/month", "6-12 months"; quote a plan with {plans.growth.price}'),
    note: z.string().optional().describe('A short line under the label'),
  })
  .strict();

const side = z
  .object({
    heading: text('Heading (h3) of this side, e.g. "An email API stack" or "{product}"'),
    lines: z.array(amount).min(1).max(8).describe('What this side costs or takes, line by line'),
    total: amount.optional().describe('The sum, shown under the lines'),
  })
  .strict();

export const schema = z
  .object({
    type: z.literal('CostComparison'),
    ...blockBase,
    ...sectionHeading,
    tinted: z.boolean().optional().describe('Use the alternate section background'),
    alternative: side.describe('The other way of doing the job: a tool stack, a build project'),
    product: side.describe('The same job with our product'),
    saving: amount.omit({ note: true }).optional().describe('The difference, shown under both sides, e.g. "Saved every month", "$5,291"'),
  })
  .strict();

export type CostComparisonBlock = z.infer<typeof schema>;
