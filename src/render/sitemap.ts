/**
 * Sitemaps: one per language with indexed pages, each page with its alternates in every language where it is indexed
 * (hreflang, and x-default for the default language), and a sitemap index robots.txt points at. The default
 * language's sitemap keeps its address, /sitemap.xml; the others are /sitemap-<code>.xml.
 */
import { escapeHtml } from './html';
import { indexedIn, localizedHref, type SiteLanguage } from '../engine/model/site-data';

export const SITEMAP_INDEX = 'sitemap-index.xml';

export const sitemapFile = (language: SiteLanguage, languages: SiteLanguage[]) =>
  language.code === languages[0]?.code ? 'sitemap.xml' : `sitemap-${language.code}.xml`;

/** `language`'s sitemap of `routes`; `languages`: every language of the site, the default first, for the alternates. */
export function sitemapXml(origin: string, routes: string[], language?: SiteLanguage, languages: SiteLanguage[] = []): string {
  const url = (route: string, prefix: string) => escapeHtml(origin + localizedHref(route, prefix));
  const links = (route: string) => {
    const alternates = languages.filter((other) => indexedIn(other, route));
    return alternates.length > 1
      ? [
          ...alternates.map((other) => `    <xhtml:link rel="alternate" hreflang="${other.code}" href="${url(route, other.prefix)}"/>`),
          ...(alternates[0] === languages[0] ? [`    <xhtml:link rel="alternate" hreflang="x-default" href="${url(route, '')}"/>`] : []),
        ]
      : [];
  };
  const urls = routes
    .map((route) => [`  <url>`, `    <loc>${url(route, language?.prefix ?? '')}</loc>`, ...links(route), `  </url>`].join('\n'))
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
}

export function sitemapIndexXml(origin: string, files: string[]): string {
  const entries = files.map((file) => `  <sitemap><loc>${escapeHtml(`${origin}/${file}`)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`;
}

export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${origin}/${SITEMAP_INDEX}\n`;
}
