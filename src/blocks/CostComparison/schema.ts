import { z } from 'zod';
import { blockBase, freeText, money, sectionHeading, slug, text, tinted } from '../../engine/model/fields';

const cost = z
  .object({
    value: z
      .number()
      .nonnegative()
      .optional()
      .meta({ description: "The figure, a number: 89.95 (in the block's currency)", label: 'Amount' }),
    plan: slug.optional().meta({
      description: 'Or the id of a plan (pages-json/_collections/plans.json) whose price this is: "growth"',
      label: "Or a plan's price (its ID)",
    }),
    orMore: z.boolean().optional().meta({
      description: 'A minimum: shown as "$200+" (labels.orMore); a total of such figures is a minimum too',
      label: 'A minimum ("or more")',
    }),
    from: z
      .boolean()
      .optional()
      .meta({ description: 'A starting price: shown as "From $149" (labels.from)', label: 'A starting price ("from")' }),
  })
  .strict()
  .describe('A figure the block adds up: { "value": 89.95 }, or a plan\'s price: { "plan": "growth" }');

const line = z
  .object({
    label: text('What is counted, e.g. "Automation tool"'),
    cost: cost.optional(),
    amount: z.string().min(1).optional().describe('Or a figure that is not added up, as shown: "6-12 months", "15 minutes"'),
    note: freeText('A short line under the label', { multiline: true }).optional(),
  })
  .strict();

const side = z
  .object({
    heading: text('Heading (h3) of this side, e.g. "An email API stack" or "{product}"'),
    per: z.string().optional().meta({ description: 'Shown after each cost of this side: "/month"', label: 'After each cost' }),
    lines: z.array(line).min(1).max(8).describe('What this side costs or takes, line by line'),
    total: z
      .object({ label: text('The total\'s label, e.g. "Total"'), note: freeText('A short line under it', { multiline: true }).optional() })
      .strict()
      .optional()
      .describe('The sum of the costs, computed and shown under the lines (every line needs a cost)'),
  })
  .strict();

export const schema = z
  .object({
    type: z.literal('CostComparison'),
    ...blockBase,
    ...sectionHeading,
    tinted,
    currency: money.shape.currency.optional().describe('The currency of the costs given as values (plans state their own)'),
    labels: z
      .object({
        orMore: text('How a minimum reads; {figure} is the amount: "{figure}+"', { label: 'How a minimum reads' }),
        from: text('How a starting price reads: "From {figure}"', { label: 'How a starting price reads' }),
      })
      .strict()
      .optional()
      .meta({
        description: 'How qualified figures read (needed when a cost says orMore or from)',
        label: 'Wording of minimums and starting prices',
      }),
    alternative: side.meta({ description: 'The other way of doing the job: a tool stack, a build project', label: 'The other way' }),
    product: side.meta({ description: 'The same job with our product', label: 'With our product' }),
    saving: z
      .object({ label: text('What the difference is, e.g. "Saved every month"') })
      .strict()
      .optional()
      .describe("The difference of the two totals, computed and shown under both sides (both sides' lines need costs)"),
  })
  .strict();

export type CostComparisonBlock = z.infer<typeof schema>;
export type CostLine = CostComparisonBlock['alternative']['lines'][number];

/** What the page shows for the figures, computed from the block and the plans when the page is built. */
export interface CostFigures {
  alternative: { lines: string[]; total?: string };
  product: { lines: string[]; total?: string };
  saving?: string;
}
