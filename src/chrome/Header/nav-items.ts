import siteData from 'virtual:site-data';
import type { NavLink } from '../../engine/site-data';

/** A header entry: a plain link, or a dropdown whose links were derived from a pages-json folder. */
export type NavItem = { label: string; href: string; links?: undefined } | { label: string; links: NavLink[] };

/** The header's entries from the site configuration, shared by the desktop bar and the mobile menu. */
export const navItems: NavItem[] = siteData.config.header.menus.map((entry) =>
  'href' in entry ? { label: entry.label, href: entry.href } : { label: entry.label, links: siteData.menus[entry.section] ?? [] },
);
