/**
 * The providers islands hydrate in, in the browser: the site's providers with the site data the
 * build wrote into the browser bundle (`virtual:site-data`). The only module that imports that data
 * (lint enforces it); components read it with `useSiteData()`.
 */
import type { ReactNode } from 'react';
import bundledSiteData from 'virtual:site-data';
import type { SiteData } from '../engine/site-data';
import { SITE_DATA_ELEMENT_ID } from './site-data-element';
import { SiteProviders } from './SiteProviders';

/** The site data a page in another language carries (render/document.ts); the default language's is bundled. */
function pageSiteData(): SiteData | undefined {
  const element = document.getElementById(SITE_DATA_ELEMENT_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as SiteData) : undefined;
}

/** The islands' providers, with the page's site data or (the dev server's live preview, after a save) newer data. */
export function browserProviders(site: SiteData = pageSiteData() ?? bundledSiteData) {
  return function BrowserProviders({ children }: { children: ReactNode }) {
    return <SiteProviders site={site}>{children}</SiteProviders>;
  };
}
