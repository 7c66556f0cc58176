import type { CountLabel } from '../../lib/count-label';
import { z } from 'zod';
import type { BannerAd } from '../../engine/model/collections/banner-ads';
import { blockBase, sectionHeading, text, tinted } from '../../engine/model/fields';

export const schema = z
  .object({
    type: z.literal('BannerLibrary'),
    ...blockBase,
    ...sectionHeading,
    tinted,
    labels: z
      .object({
        size: text('Label of the size-category filter, e.g. "Size"', { label: 'Size filter' }),
        persona: text('Label of the persona filter, e.g. "Persona"', { label: 'Persona filter' }),
        all: text('The choice that does not filter: "All"', { label: 'Choice for all' }),
        clear: text('The button that resets both filters, e.g. "Clear Filters"', { label: 'Clear button' }),
        count: text('The result line; {shown} and {total} are replaced: "Showing {shown} of {total} banner ads"', { label: 'Result line' }),
        emptyTitle: text('Heading when nothing matches', { label: 'Heading when nothing matches' }),
        emptyText: text('Text when nothing matches', { label: 'Text when nothing matches' }),
        previewOnly: text('Lead-in of the line naming sizes that have a preview but no ad, e.g. "Preview only"'),
      })
      .strict(),
  })
  .strict();

export type BannerLibraryBlock = z.infer<typeof schema>;

/** What the block shows besides its own fields: the ads and the personas, in the spec's order. */
export interface BannerLibraryData {
  ads: BannerAd[];
  personas: string[];
  /** `labels.count` in the page's language, with its plural forms (src/lib/count-label.ts). */
  countLabel: CountLabel;
  /** Fixed values (size categories, personas) as visitors read them in the page's language. */
  valueNames: Record<string, string>;
}
