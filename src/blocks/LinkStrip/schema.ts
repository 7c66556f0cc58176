import { z } from 'zod';
import { blockBase, href, icon, link, sectionHeading, text } from '../../engine/fields';

export const schema = z
  .object({
    type: z.literal('LinkStrip'),
    ...blockBase,
    ...sectionHeading,
    tinted: z.boolean().optional().describe('Use the alternate section background'),
    items: z
      .array(
        z
          .object({
            label: text('Pill text, e.g. a use case or industry name'),
            icon: icon.optional(),
            href: href.optional().describe('Where the pill leads; without it the pill is plain text'),
          })
          .strict(),
      )
      .min(2)
      .max(24)
      .optional()
      .describe('The pills, written out; or leave them to "useCases"'),
    useCases: z
      .object({
        withPages: z.boolean().optional().describe('Only use cases that have a landing page'),
        popular: z.boolean().optional().describe("Only use cases marked 'Popular'"),
        limit: z.number().int().min(2).max(24).optional().describe("At most this many, in the collection's order"),
      })
      .strict()
      .optional()
      .describe('Fill the pills from the use-case collection: each links to its landing page, or to the library'),
    more: link.optional().describe('A closing "see all" link under the pills'),
  })
  .strict()
  .refine((block) => (block.items === undefined) !== (block.useCases === undefined), {
    message: 'give either "items" or "useCases"',
    path: ['items'],
  });

export type LinkStripBlock = z.infer<typeof schema>;
