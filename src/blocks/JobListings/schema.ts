import { z } from 'zod';
import type { Job } from '../../engine/model/collections/jobs';
import { blockBase, href, longText, sectionHeading, text, tinted } from '../../engine/model/fields';

export const schema = z
  .object({
    type: z.literal('JobListings'),
    ...blockBase,
    ...sectionHeading,
    tinted,
    applyHref: href.meta({
      description: 'Where applications go: a mail link, e.g. site:mail.careers; the subject is added',
      label: 'Where applications go',
    }),
    labels: z
      .object({
        responsibilities: text('Heading of the responsibilities, e.g. "What you will do"'),
        requirements: text('Heading of the requirements, e.g. "What you bring"'),
        apply: text('Label of each role\'s apply button, e.g. "Apply"'),
        applySubject: text('Subject of the application mail; {position} is the role: "Application: {position}"', {
          label: 'Application mail subject',
        }),
      })
      .strict(),
    resume: z
      .object({
        text: longText('A line for people whose role is not listed'),
        label: text('The link, e.g. "Send us your resume"'),
        subject: text('Subject of that mail, e.g. "Resume"', { label: 'Mail subject' }),
      })
      .strict()
      .optional()
      .meta({ description: 'A general mail link for a resume, after the roles', label: 'Resume link' }),
  })
  .strict();

export type JobListingsBlock = z.infer<typeof schema>;

/** What the block shows besides its own fields: the jobs collection, and how its fixed values read in the page's language. */
export interface JobListingsData {
  jobs: Job[];
  /** The employment type ("Full-time") in the page's language (the site configuration's valueNames). */
  valueNames: Record<string, string>;
}
