/** The open roles (spec section 3, Job listing): shown on /careers and published as JobPosting structured data. */
import { z } from 'zod';
import { longText, matching, notTranslated, slug, text } from '../fields';

export const EMPLOYMENT_TYPES = {
  'Full-time': 'FULL_TIME',
  'Part-time': 'PART_TIME',
  Contract: 'CONTRACTOR',
  Internship: 'INTERN',
} as const;

export const jobItem = z
  .object({
    id: slug.meta({ description: 'Unique id, also the anchor of the role on the careers page', label: 'Role ID' }),
    title: text('The position, e.g. "Head of Growth"; the Apply mail names it in its subject', { label: 'Position' }),
    department: text('Team, e.g. "Marketing"'),
    location: text('Where, as shown: "New York or Remote"'),
    type: z
      .enum(Object.keys(EMPLOYMENT_TYPES) as [keyof typeof EMPLOYMENT_TYPES])
      .meta({ description: 'Employment type', label: 'Employment type' }),
    description: longText('What the role is and why it matters, in two or three sentences'),
    responsibilities: z.array(longText('One responsibility')).min(1).describe('What the person will do'),
    requirements: z.array(longText('One requirement')).min(1).describe('What the person brings'),
    datePosted: z.iso.date().describe('When the role was posted (YYYY-MM-DD), for search engines'),
    office: z
      .object({
        locality: notTranslated(text('City, e.g. "New York"', { label: 'City' })),
        region: notTranslated(text('State or region code, e.g. "NY"', { label: 'State or region' })),
        country: matching(/^[A-Z]{2}$/, 'a two-letter country code such as "US"').meta({ label: 'Country code' }),
      })
      .strict()
      .describe('The office the role can work from'),
    remoteCountry: matching(/^[A-Z]{2}$/, 'a two-letter country code such as "US"')
      .optional()
      .meta({ description: 'The role may also be done remotely from this country', label: 'Also remote from (country code)' }),
  })
  .strict();

export type Job = z.infer<typeof jobItem>;
