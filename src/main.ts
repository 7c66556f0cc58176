/** Browser entry: page-wide behaviours, then the islands of this prerendered page. No React here. */
import { startIslands } from './hydration/runtime';
import { islandLoaders } from './islands';
import { loadPageSiteData } from './site/page-site-data';
import { focusToastRegionOnHotkey } from './toasts/toast-hotkey';
import { enableAnchorScrolling } from './ui/anchor-scroll';

enableAnchorScrolling();
focusToastRegionOnHotkey();
// The providers' code and the page's site data, fetched side by side when the first island needs them.
void startIslands(islandLoaders, () =>
  Promise.all([import('./site/browser-providers'), loadPageSiteData()]).then(([m, site]) => m.browserProviders(site)),
);
