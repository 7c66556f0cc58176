/**
 * Each language's site data as a module of its own, named by its content's hash: every page of the language points at
 * it (`<html data-site-data>`), the browser caches it once for them all, and no page's HTML carries it (inline, it took
 * /es/terms past the first round trip of a phone's connection: Lighthouse LCP +150 ms).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { siteDataModule } from '../../src/engine/model/site-data';
import type { BuildLocale } from './check-content';
import type { BuildSettings } from './settings';

/** A language's module: its text, and its file inside the site's folder (named by the text's hash). */
function moduleOf(locale: BuildLocale) {
  const text = siteDataModule(locale.siteData);
  return { text, file: `assets/site-data-${locale.locale.code}-${createHash('sha256').update(text).digest('hex').slice(0, 8)}.js` };
}

/** The address its pages point at (`/assets/site-data-es-1a2b3c4d.js`). */
export const siteDataAddress = (locale: BuildLocale) => `/${moduleOf(locale).file}`;

/** Writes the modules; returns each language's module address. */
export function writeSiteDataModules(locales: BuildLocale[], { dist, pseudoDist }: BuildSettings): Map<BuildLocale, string> {
  return new Map(
    locales.map((locale) => {
      const { text, file } = moduleOf(locale);
      const dir = locale.pseudo ? pseudoDist! : dist;
      mkdirSync(join(dir, 'assets'), { recursive: true });
      writeFileSync(join(dir, file), text);
      return [locale, `/${file}`];
    }),
  );
}
