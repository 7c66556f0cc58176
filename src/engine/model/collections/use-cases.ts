/** The use-case collection (spec section 3): one record per use case, shown by the library and linked to its landing page. */
import { z } from 'zod';
import { icon, longText, slug, term, text } from '../fields';

const USE_CASE_CHANNELS = ['Email', 'SMS', 'Voice'] as const;

/** Spec section 3, in its order: the lifecycle filter's choices. */
export const USE_CASE_LIFECYCLES = [
  'Acquisition',
  'Activation',
  'Retention',
  'Growth',
  'Reactivation',
  'Insights',
  'Communication',
] as const;

/** Spec section 3, in its order: the industry filter's choices. */
export const FILTER_INDUSTRIES = [
  'All Industries',
  'SaaS',
  'Retail',
  'Healthcare',
  'Financial Services',
  'Insurance',
  'Automotive',
  'Travel',
  'Education',
  'Construction',
  'Media',
] as const;

/** Industries use cases may carry that the spec does not offer as filter choices: such use cases show under 'All'. */
export const UNLISTED_INDUSTRIES = ['Real Estate', 'Professional Services'] as const;

/** The solution values the spec names, in its order: listed first in the filter, the others follow alphabetically. */
export const LEADING_SOLUTIONS = [
  'Lead Generation',
  'Onboarding',
  'E-commerce',
  'Revenue Growth',
  'Subscription Management',
  'Scheduling',
  'Collections',
  'Loyalty Programs',
  'Customer Success',
  'Reactivation',
  'Retention Analytics',
  'Customer Insights',
  'Policy Management',
  'Lead Management',
  'Security',
  'Localization',
] as const;

const channels = z
  .array(z.enum(USE_CASE_CHANNELS))
  .min(1)
  .refine((list) => list.every((channel, i) => i === 0 || USE_CASE_CHANNELS.indexOf(channel) > USE_CASE_CHANNELS.indexOf(list[i - 1])), {
    message: `list each channel once, in the order ${USE_CASE_CHANNELS.join(', ')}`,
  })
  .describe('The channels the agents use for it: a subset of Email, SMS, Voice, in that order');

/** A use case as its landing page states it (the page's file name is its id). */
const useCaseRecord = z
  .object({
    title: text('Use-case name, Title Case: "Upsell Campaigns"; also the landing page badge and menu label'),
    description: longText('One sentence on who is contacted, when, how and why (the library card and search)'),
    impact: text('The measurable outcome, e.g. "+35% revenue per customer"').max(40),
    timeToValue: text('How soon it pays off, free text: "Same day", "1 week"'),
    solution: term('Solution category, Title Case, e.g. "Revenue Growth" (a filter choice; translated once for every use case)'),
    industry: z
      .enum([...FILTER_INDUSTRIES, ...UNLISTED_INDUSTRIES])
      .describe('Industry (a filter choice, except Real Estate and Professional Services, which show under All)'),
    lifecycle: z.enum(USE_CASE_LIFECYCLES).describe('Customer lifecycle stage (a filter choice)'),
    highlight: z.boolean().meta({ description: "Marked 'Popular' in the library", label: 'Popular' }),
    channels,
    icon,
  })
  .strict();

/** A use case in the collection file: the record with its id. */
export const useCaseItem = useCaseRecord
  .extend({ id: slug.meta({ description: 'Unique id; a landing page at use-cases/<id>.json links to it', label: 'Address (slug)' }) })
  .strict();

export type UseCase = z.infer<typeof useCaseItem>;
