/** Where content lives and which build-time overrides apply; read once by the plugin, the build and the validator. */
import { join } from 'node:path';

export const ROOT_DIR = join(import.meta.dirname, '..', '..', '..');
export const CONTENT_DIR = process.env.CONTENT_DIR ?? join(ROOT_DIR, 'pages-json');
export const SCHEMAS_DIR = join(ROOT_DIR, 'schemas');

/** LEADS_API_BASE and SITE_ORIGIN override the site configuration at build time. */
export function buildEnv() {
  return { leadsApiBase: process.env.LEADS_API_BASE, origin: process.env.SITE_ORIGIN };
}
