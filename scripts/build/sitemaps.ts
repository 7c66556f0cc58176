/** dist/'s sitemaps (one per language with indexed pages, and their index) and robots.txt, which points at the index. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { indexedIn, type SiteData } from '../../src/engine/model/site-data';
import { robotsTxt, sitemapFile, sitemapIndexXml, sitemapXml, SITEMAP_INDEX } from '../../src/render/sitemap';
import type { BuildLocale } from './check-content';

/** Per language code, the routes its sitemap lists: its pages indexed in it (the pseudo-locales' never). */
export function sitemapRoutesOf(locales: readonly BuildLocale[]): Map<string, string[]> {
  const sitemapRoutes = new Map<string, string[]>();
  for (const locale of locales) {
    const language = locale.siteData.languages.find((other) => other.code === locale.siteData.locale.code);
    for (const page of locale.pages) {
      if (page.route === null || page.doc.meta.noindex || locale.pseudo || !language || !indexedIn(language, page.route)) continue;
      sitemapRoutes.set(locale.locale.code, [...(sitemapRoutes.get(locale.locale.code) ?? []), page.route]);
    }
  }
  return sitemapRoutes;
}

/** Writes them; returns the files written, inside `dist`. */
export function writeSitemaps(dist: string, siteData: SiteData, sitemapRoutes: ReadonlyMap<string, string[]>): string[] {
  const { origin } = siteData.config;
  const { languages } = siteData;
  const sitemaps = languages.filter((language) => sitemapRoutes.has(language.code));
  for (const language of sitemaps)
    writeFileSync(
      join(dist, sitemapFile(language, languages)),
      sitemapXml(origin, [...sitemapRoutes.get(language.code)!].sort(), language, languages),
    );
  writeFileSync(
    join(dist, SITEMAP_INDEX),
    sitemapIndexXml(
      origin,
      sitemaps.map((language) => sitemapFile(language, languages)),
    ),
  );
  writeFileSync(join(dist, 'robots.txt'), robotsTxt(origin));
  return [...sitemaps.map((language) => sitemapFile(language, languages)), SITEMAP_INDEX, 'robots.txt'];
}
