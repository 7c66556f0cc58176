/**
 * The providers islands hydrate in, in the browser: the site's providers with the site data the
 * build wrote into the browser bundle (`virtual:site-data`). The only module that imports that data
 * (lint enforces it); components read it with `useSiteData()`.
 */
import type { ReactNode } from 'react';
import bundledSiteData from 'virtual:site-data';
import type { SiteData } from '../engine/site-data';
import { SiteProviders } from './SiteProviders';

/** The islands' providers, with the bundled site data or (the dev server's live preview, after a save) newer data. */
export function browserProviders(site: SiteData = bundledSiteData) {
  return function BrowserProviders({ children }: { children: ReactNode }) {
    return <SiteProviders site={site}>{children}</SiteProviders>;
  };
}
