import { z } from 'zod';
import { blockBase, freeText, longText, sectionHeading, stat, text, tinted } from '../../engine/model/fields';

const step = z
  .object({
    title: text('Step name, e.g. "Legal AI review"'),
    description: longText('What is checked or done in this step'),
  })
  .strict();

export const schema = z
  .object({
    type: z.literal('Guardrails'),
    ...blockBase,
    ...sectionHeading,
    tinted,
    metrics: z.array(stat).min(1).max(6).meta({ description: 'Headline figures of the review process', label: 'Figures' }),
    stepsHeading: text('Heading (h3) over the numbered review steps'),
    steps: z.array(step).min(2).max(6).describe('The review pipeline, in order; numbered automatically'),
    sample: z
      .object({
        heading: text('Heading (h3) of the sample review, e.g. "Sample call review"'),
        context: freeText('A line saying what was reviewed', { multiline: true }).optional(),
        score: text('The score, as shown: "99.8%"'),
        scoreLabel: text('What the score is, e.g. "Compliance score"'),
        checks: z.array(text('One check')).min(1).max(8).describe('Checks the sample passed'),
      })
      .strict()
      .describe('A sample review result shown beside the steps'),
  })
  .strict();

export type GuardrailsBlock = z.infer<typeof schema>;
