/** The built site's routes, read from the sitemap the build wrote. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIST_DIR } from './browser';

export function builtRoutes(): string[] {
  const xml = readFileSync(join(DIST_DIR, 'sitemap.xml'), 'utf8');
  return [...xml.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]);
}
