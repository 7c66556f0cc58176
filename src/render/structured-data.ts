/** JSON-LD for the kinds a page asks for in `meta.structuredData`, built from the site configuration, the collections and the page's own blocks. */
import type { CollectionName, Collections } from '../engine/model/collections';
import { EMPLOYMENT_TYPES, type Job } from '../engine/model/collections/jobs';
import type { PageDoc } from '../engine/load/page-schema';
import type { SiteConfig } from '../engine/model/site-schema';
import { escapeHtml } from './html';

/** The headings of a role's two lists, in the page's language: its job listings' own. */
interface ListHeadings {
  responsibilities: string;
  requirements: string;
}

/** Google's JobPosting (rich results): one per open role, from the same records the careers page shows. */
function jobPosting(job: Job, site: SiteConfig, headings?: ListHeadings) {
  const list = (heading: string | undefined, items: string[]) =>
    `${heading ? `<p>${escapeHtml(heading)}</p>` : ''}<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
  const html = `<p>${escapeHtml(job.description)}</p>${list(headings?.responsibilities, job.responsibilities)}${list(headings?.requirements, job.requirements)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: html,
    identifier: { '@type': 'PropertyValue', name: site.brand.productName, value: job.id },
    datePosted: job.datePosted,
    employmentType: EMPLOYMENT_TYPES[job.type],
    hiringOrganization: { '@type': 'Organization', name: site.brand.productName, sameAs: site.origin, logo: `${site.origin}/favicon.svg` },
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        addressLocality: job.office.locality,
        addressRegion: job.office.region,
        addressCountry: job.office.country,
      },
    },
    ...(job.remoteCountry
      ? { jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: { '@type': 'Country', name: job.remoteCountry } }
      : {}),
    directApply: false,
  };
}

/**
 * The collections the JSON-LD of a page reads, by kind: what an incremental publish re-renders the page for
 * (src/render/page-reads.ts). A kind added to the switch below that reads a collection is added here.
 */
const COLLECTIONS_BY_KIND: Partial<Record<NonNullable<PageDoc['meta']['structuredData']>[number], readonly CollectionName[]>> = {
  JobPosting: ['jobs'],
};

export const collectionsInStructuredData = (page: PageDoc): CollectionName[] =>
  (page.meta.structuredData ?? []).flatMap((kind) => COLLECTIONS_BY_KIND[kind] ?? []);

export function structuredData(page: PageDoc, site: SiteConfig, collections: Partial<Collections> = {}): object[] {
  const kinds = page.meta.structuredData ?? [];
  return kinds.flatMap((kind): object[] => {
    switch (kind) {
      case 'SoftwareApplication':
        return [
          {
            '@context': 'https://schema.org',
            '@type': 'SoftwareApplication',
            name: site.brand.productName,
            applicationCategory: 'BusinessApplication',
            operatingSystem: 'Web',
            description: page.meta.description,
            url: site.origin,
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: String(site.brand.rating.value),
              ratingCount: String(site.brand.rating.count),
            },
            offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
          },
        ];
      case 'Organization':
        return [
          {
            '@context': 'https://schema.org',
            '@type': 'Organization',
            name: site.brand.productName,
            url: site.origin,
            logo: `${site.origin}/favicon.svg`,
            email: site.contact.mail.contact,
            telephone: site.contact.phoneE164,
            sameAs: [site.urls.social],
          },
        ];
      case 'JobPosting': {
        const listings = page.blocks.find((block) => block.type === 'JobListings');
        return (collections.jobs ?? []).map((job) => jobPosting(job, site, listings?.labels));
      }
      case 'FAQPage': {
        const items = page.blocks.flatMap((block) => (block.type === 'FAQ' ? block.items : []));
        if (!items.length) return [];
        return [
          {
            '@context': 'https://schema.org',
            '@type': 'FAQPage',
            mainEntity: items.map((item) => ({
              '@type': 'Question',
              name: item.question,
              acceptedAnswer: { '@type': 'Answer', text: item.answer },
            })),
          },
        ];
      }
    }
  });
}
