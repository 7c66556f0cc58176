import type { NavLink, SiteData } from '../../engine/model/site-data';

/** A header entry: a plain link, or a dropdown whose links were derived from a pages-json folder. */
export type NavItem = { label: string; href: string; links?: undefined } | { label: string; links: NavLink[] };

/** The header's entries from the site configuration, shared by the desktop bar and the mobile menu. */
export const navItems = (site: SiteData): NavItem[] =>
  site.config.header.menus.map((entry) =>
    'href' in entry ? { label: entry.label, href: entry.href } : { label: entry.label, links: site.menus[entry.section] ?? [] },
  );
