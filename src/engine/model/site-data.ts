/**
 * The data the browser gets about the whole site, per language: the resolved configuration and the menus derived
 * from page folders (made from the loaded content by src/engine/load/site-data-of.ts). Islands load it as a module of
 * its own (`siteDataModule` below; src/site/page-site-data.ts).
 */
import type { Locale, SiteConfig } from './site-schema';

export interface NavLink {
  label: string;
  href: string;
}

/** The language of the pages being rendered: what `<html lang dir>`, links (their /es prefix) and formats follow. */
export interface PageLocale {
  code: string;
  /** `es-ES`: numbers, prices, dates and plural rules. */
  tag: string;
  prefix: string;
  dir: 'ltr' | 'rtl';
  /** `es_ES`, for og:locale. */
  ogLocale: string;
}

/** A language of the site, as the language switcher, links and head tags need it. */
export interface SiteLanguage {
  code: string;
  name: string;
  prefix: string;
  /** Its pages may be indexed: a published language (a preview language's pages are noindex, out of the sitemaps). */
  indexed: boolean;
  /** Routes it has no page for yet: its links to them lead to the default language's page, marked so. */
  missing: string[];
  /** Routes whose page in it is kept out of search engines (mostly untranslated). */
  unindexed: string[];
  /** In its own words: the page is not yet in it (the language menu says so beside it, on such a page). */
  missingNote?: string;
}

/** Which pages a language has and indexes: what loadSite found (src/engine/load/i18n/translation-state.ts). */
export interface LanguagePages {
  missing: string[];
  unindexed: string[];
  missingNote?: string;
}

/** Whether `route` has an indexed page in `language`. */
export const indexedIn = (language: SiteLanguage, route: string) =>
  language.indexed && !language.missing.includes(route) && !language.unindexed.includes(route);

export interface SiteData {
  config: SiteConfig;
  /** Folder in pages-json -> its pages as menu links, in menu order. */
  menus: Record<string, NavLink[]>;
  locale: PageLocale;
  /** Every language of the site, the default first (one entry when the site has one language). */
  languages: SiteLanguage[];
}

export const pageLocale = (locale: Locale): PageLocale => ({
  code: locale.code,
  tag: locale.code.includes('-') ? locale.code : `${locale.code}-${locale.region}`,
  prefix: locale.prefix,
  dir: locale.dir ?? 'ltr',
  ogLocale: `${locale.code}_${locale.region}`,
});

export { localizedHref } from '../../lib/localized-href';

const MODULE_START = 'export default ';
const MODULE_END = ';\n';

/** A language's site data as the module its pages' islands load (src/site/page-site-data.ts). */
export const siteDataModule = (data: SiteData) => `${MODULE_START}${JSON.stringify(data)}${MODULE_END}`;

/** The site data back from its module's text (tests read what the build wrote, or change what a page is served). */
export const parseSiteDataModule = (text: string) => JSON.parse(text.slice(MODULE_START.length, -MODULE_END.length)) as SiteData;
