/** Browser entry: page-wide behaviours, then the islands of this prerendered page. No React here. */
import { startIslands } from './hydration/runtime';
import { islandLoaders } from './islands';
import { focusToastRegionOnHotkey } from './toasts/toast-hotkey';
import { enableAnchorScrolling } from './ui/anchor-scroll';

enableAnchorScrolling();
focusToastRegionOnHotkey();
void startIslands(islandLoaders, () => import('./site/browser-providers').then((m) => m.browserProviders()));
