/** dist/'s sitemaps (one per language with indexed pages, and their index) and robots.txt, which points at the index. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteData } from '../../src/engine/model/site-data';
import { robotsTxt, sitemapFile, sitemapIndexXml, sitemapXml, SITEMAP_INDEX } from '../../src/render/sitemap';

export function writeSitemaps(dist: string, siteData: SiteData, sitemapRoutes: ReadonlyMap<string, string[]>) {
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
}
