/**
 * The providers islands hydrate in, in the browser: the site's providers with the site data of the page's
 * language (src/site/page-site-data.ts). Components read it with `useSiteData()`.
 */
import type { ReactNode } from 'react';
import type { SiteData } from '../engine/model/site-data';
import { SiteProviders } from './SiteProviders';

export function browserProviders(site: SiteData) {
  return function BrowserProviders({ children }: { children: ReactNode }) {
    return <SiteProviders site={site}>{children}</SiteProviders>;
  };
}
