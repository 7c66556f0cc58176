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
      .max(24),
    more: link.optional().describe('A closing "see all" link under the pills'),
  })
  .strict()
  .describe('A wrapped row of pill links: use cases, industries, topics');

export type LinkStripBlock = z.infer<typeof schema>;
