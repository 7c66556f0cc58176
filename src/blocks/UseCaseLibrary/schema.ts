import type { CountLabel } from '../../lib/count-label';
import { z } from 'zod';
import { FILTER_INDUSTRIES, USE_CASE_LIFECYCLES } from '../../engine/model/collections/use-cases';
import type { UseCase } from '../../engine/model/collections/use-cases';
import { blockBase, image, sectionHeading, text, tinted } from '../../engine/model/fields';
import type { PictureData } from '../../lib/picture-data';

export const schema = z
  .object({
    type: z.literal('UseCaseLibrary'),
    ...blockBase,
    ...sectionHeading,
    tinted,
    preset: z
      .object({
        solution: z.string().min(1).optional().describe('Only use cases of this solution'),
        industry: z.enum(FILTER_INDUSTRIES).optional().describe('Only use cases of this industry'),
        lifecycle: z.enum(USE_CASE_LIFECYCLES).optional().describe('Only use cases of this lifecycle stage'),
        highlight: z.boolean().optional().meta({ description: "Only the use cases marked 'Popular'", label: 'Only popular ones' }),
      })
      .strict()
      .optional()
      .meta({
        description: "Shows a subset of the library (e.g. one industry's use cases on its page); without it, all of them",
        label: 'Show only some use cases',
      }),
    filters: z.boolean().meta({
      description: 'Offer the search box and the three filters (the full library), or only list the cards',
      label: 'Offer search and filters',
    }),
    labels: z
      .object({
        search: text('Label of the search box, e.g. "Search use cases"'),
        searchPlaceholder: text('Placeholder of the search box', { label: 'Hint in the search box' }),
        solution: text('Label of the solution filter'),
        industry: text('Label of the industry filter'),
        lifecycle: text('Label of the lifecycle filter'),
        all: text('The choice that does not filter: "All"', { label: 'Choice for all' }),
        clear: text('The button that resets everything: "Clear All Filters"', { label: 'Clear button' }),
        count: text('The result line; {shown} and {total} are replaced: "Showing {shown} of {total} use cases"', { label: 'Result line' }),
        emptyTitle: text('Heading when nothing matches: "No use cases found"', { label: 'Heading when nothing matches' }),
        emptyText: text('Text when nothing matches: "Try adjusting your filters or search terms"', { label: 'Text when nothing matches' }),
        popular: text("Badge of a highlighted use case: 'Popular'"),
        impact: text('Label before the impact figure, e.g. "Impact"'),
        timeToValue: text('Label before the time to value, e.g. "Time to value"'),
        channels: text('Accessible label of the channel badges, e.g. "Channels"'),
      })
      .strict()
      .describe('The texts of the library'),
    lifecycleImages: z
      .partialRecord(z.enum(USE_CASE_LIFECYCLES), image('The picture at the top of each card of this lifecycle stage', 'card'))
      .optional()
      .meta({ description: 'A picture per lifecycle stage, at the top of each card of that stage', label: 'Pictures by lifecycle stage' }),
  })
  .strict();

export type UseCaseLibraryBlock = z.infer<typeof schema>;

/** A card's record, with the path of its landing page when it has one. */
export type LibraryItem = UseCase & { href?: string };

/** What the block shows besides its own fields: the records and the filters' choices (from the collection, at build time). */
export interface UseCaseLibraryData {
  items: LibraryItem[];
  choices: { solution: string[]; industry: string[]; lifecycle: string[] };
  /** `labels.count` in the page's language, with its plural forms (src/lib/count-label.ts). */
  countLabel: CountLabel;
  /** Fixed values as visitors read them in the page's language (the site configuration's valueNames). */
  valueNames: Record<string, string>;
  /** The picture of each lifecycle stage that has one (`lifecycleImages`). */
  lifecyclePictures: Record<string, PictureData>;
}
