/** The `<head>` tags of one prerendered page: title, description, canonical, social tags, JSON-LD. */
import { escapeHtml, inlineJson } from './html';
import type { PageDoc } from './page-schema';
import type { SiteConfig } from './site-schema';
import type { Collections } from './collections';
import { structuredData } from './structured-data';

export interface HeadResult {
  html: string;
  /** Inline script bodies, for the Content-Security-Policy hashes. */
  inlineScripts: string[];
}

export function headTags(page: PageDoc, route: string | null, site: SiteConfig, collections?: Partial<Collections>): HeadResult {
  const { title, description, canonical, image, noindex } = page.meta;
  const url = `${site.origin}${canonical ?? route ?? '/'}`;
  const imageUrl = image ? (image.startsWith('/') ? `${site.origin}${image}` : image) : undefined;
  const meta = (attr: 'name' | 'property', key: string, content: string) => `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    route !== null ? `<link rel="canonical" href="${escapeHtml(url)}" />` : '',
    noindex || route === null ? meta('name', 'robots', 'noindex') : '',
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', site.brand.productName),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    route !== null ? meta('property', 'og:url', url) : '',
    imageUrl ? meta('property', 'og:image', imageUrl) : '',
    meta('name', 'twitter:card', imageUrl ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    imageUrl ? meta('name', 'twitter:image', imageUrl) : '',
  ];
  const inlineScripts = structuredData(page, site, collections).map(inlineJson);
  for (const json of inlineScripts) tags.push(`<script type="application/ld+json">${json}</script>`);
  return { html: tags.filter(Boolean).join('\n    '), inlineScripts };
}
