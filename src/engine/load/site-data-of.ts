/**
 * A language's site data (src/engine/model/site-data.ts) from the loaded content: the configuration with its
 * placeholders resolved, the menus made from the pages of each folder, and which pages each language has.
 */
import type { LoadedPage } from './content-types';
import { resolveContent } from '../model/resolve';
import { ENGLISH, type Locale, type SiteConfig } from '../model/site-schema';
import { pageLocale, type LanguagePages, type NavLink, type SiteData } from '../model/site-data';

/** The pages a folder's menu lists: every page in a folder, unless hidden from menus or search. */
export function menuPages(pages: LoadedPage[]): (LoadedPage & { route: string })[] {
  return pages.filter(
    (page): page is LoadedPage & { route: string } =>
      Boolean(page.section) && page.route !== null && !page.doc.meta.nav?.hidden && !page.doc.meta.noindex,
  );
}

/** Pages of each folder, ordered by `meta.nav.order` then label; the folder's index page first when unordered. */
function deriveMenus(pages: LoadedPage[]): Record<string, NavLink[]> {
  const menus: Record<string, (NavLink & { order: number })[]> = {};
  for (const page of menuPages(pages)) {
    const isIndex = page.route === `/${page.section}`;
    const entry = {
      label: page.doc.meta.nav?.label ?? page.doc.meta.title,
      href: page.route,
      order: page.doc.meta.nav?.order ?? (isIndex ? -Infinity : Infinity),
    };
    (menus[page.section] ??= []).push(entry);
  }
  return Object.fromEntries(
    Object.entries(menus).map(([section, links]) => [
      section,
      links.sort((a, b) => a.order - b.order || a.label.localeCompare(b.label)).map(({ label, href }) => ({ label, href })),
    ]),
  );
}

export function buildSiteData(
  site: SiteConfig,
  pages: LoadedPage[],
  env: { leadsApiBase?: string; origin?: string } = {},
  locale: Locale = site.locales?.[0] ?? ENGLISH,
  /** Per language code: the pages it has; a language not named has them all. */
  languagePages: ReadonlyMap<string, LanguagePages> = new Map(),
): SiteData {
  const config = resolveContent(site, site);
  if (env.leadsApiBase !== undefined) config.leads.apiBase = env.leadsApiBase;
  if (env.origin) config.origin = env.origin;
  const languages = (site.locales ?? [ENGLISH]).map(({ code, name, prefix, status }) => ({
    code,
    name,
    prefix,
    indexed: status === 'published',
    missing: [],
    unindexed: [],
    ...languagePages.get(code),
  }));
  return { config, menus: deriveMenus(pages), locale: pageLocale(locale), languages };
}
