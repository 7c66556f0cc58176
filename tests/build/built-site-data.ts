/** The site data a built page's islands load: the module its `<html data-site-data>` names (src/site/page-site-data.ts). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSiteDataModule, type SiteData } from '../../src/engine/model/site-data';
import { SITE_DATA_ATTR } from '../../src/site/page-site-data';

/** The address a page's `<html>` names (unlike `siteDataAddress` of the dev server, which makes one for a language). */
export const siteDataAddressIn = (html: string) => new RegExp(`<html [^>]*${SITE_DATA_ATTR}="([^"]+)"`).exec(html)?.[1];

/** Reads the module the build wrote back as data. */
export const builtSiteData = (distDir: string, address: string): SiteData =>
  parseSiteDataModule(readFileSync(join(distDir, address), 'utf8'));
