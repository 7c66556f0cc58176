/** Browser entry: page-wide behaviours, then the islands of this prerendered page. No React here. */
import { startExitDialogTimer } from './blocks/ExitDialog/exit-dialog-timer';
import { wakeRotatingLabel } from './blocks/FloatingChat/rotating-label-wake';
import { keepHeaderBelowBanner } from './chrome/Header/header-offset';
import { startIslands } from './hydration/runtime';
import { islandLoaders } from './islands';
import { loadPageSiteData } from './site/page-site-data';
import { focusToastRegionOnHotkey } from './toasts/toast-hotkey';
import { enableAnchorScrolling } from './ui/anchor-scroll';

enableAnchorScrolling();
focusToastRegionOnHotkey();
keepHeaderBelowBanner();
// The providers' code and the page's site data, fetched side by side when the first island needs them.
void startIslands(islandLoaders, () =>
  Promise.all([import('./site/browser-providers'), loadPageSiteData()]).then(([m, site]) => m.browserProviders(site)),
);
// The home page's islands wait for the visitor's first input (no React before it), unless what they show must change
// by itself: these plain scripts wake them. After startIslands, whose watchers hear the wake.
wakeRotatingLabel();
startExitDialogTimer();
