/** The content files as parsed JSON (translation files left out), and the site's locales, for the translation tools. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listJsonFiles } from '../documents/json-files';
import { ENGLISH, localeSchema, type Locale } from '../../model/site-schema';
import { SITE_FILE, TRANSLATIONS_DIR } from './paths';

export function readContentDocs(contentDir: string): Map<string, unknown> {
  const docs = new Map<string, unknown>();
  for (const file of listJsonFiles(contentDir)) {
    if (file.startsWith(`${TRANSLATIONS_DIR}/`)) continue;
    try {
      docs.set(file, JSON.parse(readFileSync(join(contentDir, file), 'utf8')));
    } catch {
      // validation names the syntax error; a file that does not parse has no text to translate yet
    }
  }
  return docs;
}

/** The site's locales, the default first, with `default` set on it. */
export function siteLocales(docs: ReadonlyMap<string, unknown>): (Locale & { default: boolean })[] {
  const site = docs.get(SITE_FILE) as { locales?: unknown } | undefined;
  const parsed = localeSchema.array().min(1).safeParse(site?.locales);
  const locales = parsed.success ? parsed.data : [ENGLISH];
  return locales.map((locale, index) => ({ ...locale, default: index === 0 }));
}
