/**
 * How components read the site's data (the resolved configuration and the menus): `useSiteData()`.
 * The one accessor: on the server the page renderer provides the data it is given (src/render/render-page.tsx),
 * in the browser each island's providers do (src/site/browser-providers.tsx); nothing imports the data itself.
 */
import { createContext, use, type ReactNode } from 'react';
import type { SiteData } from '../engine/model/site-data';

const SiteDataContext = createContext<SiteData | null>(null);

export function SiteDataProvider({ site, children }: { site: SiteData; children: ReactNode }) {
  return <SiteDataContext value={site}>{children}</SiteDataContext>;
}

export function useSiteData(): SiteData {
  const site = use(SiteDataContext);
  if (!site) throw new Error('useSiteData() needs the site providers (src/site/SiteProviders.tsx) around the tree');
  return site;
}
