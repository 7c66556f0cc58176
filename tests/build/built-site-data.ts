/** The site data a built page's islands load: the module its `<html data-site-data>` names (src/site/page-site-data.ts). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteData } from '../../src/engine/site-data';

export const siteDataAddress = (html: string) => /<html [^>]*data-site-data="([^"]+)"/.exec(html)?.[1];

/** Reads the module the build wrote (`export default {...};`, src/engine/site-data.ts) back as data. */
export function builtSiteData(distDir: string, address: string): SiteData {
  const text = readFileSync(join(distDir, address), 'utf8');
  return JSON.parse(text.replace(/^export default /, '').replace(/;\n$/, '')) as SiteData;
}
