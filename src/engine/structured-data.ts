/** JSON-LD for the kinds a page asks for in `meta.structuredData`, built from the site configuration and the page's own blocks. */
import type { PageDoc } from './page-schema';
import type { SiteConfig } from './site-schema';

export function structuredData(page: PageDoc, site: SiteConfig): object[] {
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
