/** JSON-LD for the kinds a page asks for in `meta.structuredData`, built from the site configuration, the collections and the page's own blocks. */
import type { Collections } from './collections';
import { EMPLOYMENT_TYPES, type Job } from './collections/jobs';
import type { PageDoc } from './page-schema';
import type { SiteConfig } from './site-schema';

/** Google's JobPosting (rich results): one per open role, from the same records the careers page shows. */
function jobPosting(job: Job, site: SiteConfig) {
  const html = `<p>${job.description}</p><p>Responsibilities:</p><ul>${job.responsibilities.map((item) => `<li>${item}</li>`).join('')}</ul><p>Requirements:</p><ul>${job.requirements.map((item) => `<li>${item}</li>`).join('')}</ul>`;
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
      case 'JobPosting':
        return (collections.jobs ?? []).map((job) => jobPosting(job, site));
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
