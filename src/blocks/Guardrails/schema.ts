import { z } from 'zod';
import { blockBase, sectionHeading, stat, text } from '../../engine/fields';

const step = z
  .object({
    title: text('Step name, e.g. "Legal AI review"'),
    description: text('What is checked or done in this step'),
  })
  .strict();

export const schema = z
  .object({
    type: z.literal('Guardrails'),
    ...blockBase,
    ...sectionHeading,
    tinted: z.boolean().optional().describe('Use the alternate section background'),
    metrics: z.array(stat).min(1).max(6).describe('Headline figures of the review process'),
    stepsHeading: text('Heading (h3) over the numbered review steps'),
    steps: z.array(step).min(2).max(6).describe('The review pipeline, in order; numbered automatically'),
    sample: z
      .object({
        heading: text('Heading (h3) of the sample review, e.g. "Sample call review"'),
        context: z.string().optional().describe('A line saying what was reviewed'),
        score: text('The score, as shown: "99.8%"'),
        scoreLabel: text('What the score is, e.g. "Compliance score"'),
        checks: z.array(z.string().min(1)).min(1).max(8).describe('Checks the sample passed'),
      })
      .strict()
      .describe('A sample review result shown beside the steps'),
  })
  .strict();

export type GuardrailsBlock = z.infer<typeof schema>;
