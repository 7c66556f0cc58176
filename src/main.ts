/** Browser entry: page-wide behaviours, then the start-up of this prerendered page (page-start.ts). No React here. */
import { startPage } from './page-start';
import { loadPageSiteData } from './site/page-site-data';
import { focusToastRegionOnHotkey } from './toasts/toast-hotkey';
import { enableAnchorScrolling } from './ui/anchor-scroll';

// Once per document: they listen on the document itself, whatever HTML it holds.
enableAnchorScrolling();
focusToastRegionOnHotkey();
// The providers' code and the page's site data, fetched side by side when the first island needs them.
void startPage(() => Promise.all([import('./site/browser-providers'), loadPageSiteData()]).then(([m, site]) => m.browserProviders(site)));
