import { z } from 'zod';
import { blockBase, href, icon, link, sectionHeading, text, tinted } from '../../engine/model/fields';

export const schema = z
  .object({
    type: z.literal('LinkStrip'),
    ...blockBase,
    ...sectionHeading,
    tinted,
    items: z
      .array(
        z
          .object({
            label: text('Pill text, e.g. a use case or industry name'),
            icon: icon.optional(),
            href: href.optional().meta({ description: 'Where the pill leads; without it the pill is plain text', label: 'Link' }),
          })
          .strict(),
      )
      .min(2)
      .max(24)
      .optional()
      .meta({ description: 'The pills, written out; or leave them to "useCases"', label: 'Pills' }),
    useCases: z
      .object({
        withPages: z
          .boolean()
          .optional()
          .meta({ description: 'Only use cases that have a landing page', label: 'Only those with a landing page' }),
        popular: z.boolean().optional().meta({ description: "Only use cases marked 'Popular'", label: 'Only popular ones' }),
        limit: z
          .number()
          .int()
          .min(2)
          .max(24)
          .optional()
          .meta({ description: "At most this many, in the collection's order", label: 'At most' }),
      })
      .strict()
      .optional()
      .meta({
        description: 'Fill the pills from the use-case collection: each links to its landing page, or to the library',
        label: 'Pills from the use cases',
      }),
    more: link.optional().meta({ description: 'A closing "see all" link under the pills', label: '"See all" link' }),
  })
  .strict()
  .refine((block) => (block.items === undefined) !== (block.useCases === undefined), {
    message: 'give either "items" or "useCases"',
    path: ['items'],
  });

export type LinkStripBlock = z.infer<typeof schema>;
