/** The site data a built page's islands load: the module its `<html data-site-data>` names (src/site/page-site-data.ts). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSiteDataModule, type SiteData } from '../../src/engine/site-data';

export const siteDataAddress = (html: string) => /<html [^>]*data-site-data="([^"]+)"/.exec(html)?.[1];

/** Reads the module the build wrote back as data. */
export const builtSiteData = (distDir: string, address: string): SiteData =>
  parseSiteDataModule(readFileSync(join(distDir, address), 'utf8'));
