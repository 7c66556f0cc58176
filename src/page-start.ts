/**
 * A page's start-up once its HTML is in place: its islands and the plain scripts that go with that HTML. The entry
 * (main.ts) runs it at load; the previews that swap a page's HTML in place (the dev server's live preview, the editor's
 * preview frame) stop it before each swap and run it again after, so what they show behaves as the page visitors get.
 */
import { startExitDialogTimer } from './blocks/ExitDialog/exit-dialog-timer';
import { wakeRotatingLabel } from './blocks/FloatingChat/rotating-label-wake';
import { keepHeaderBelowBanner } from './chrome/Header/header-offset';
import { forgetBannerVisibility } from './chrome/PromoBanner/banner-event';
import { startIslands, stopIslands, type ProvidersLoader } from './hydration/runtime';
import { islandLoaders } from './islands';

/** How to stop the plain scripts of the page's current HTML. */
const running: (() => void)[] = [];

/** Starts the page's plain scripts and islands; resolves when its 'load' islands are interactive. */
export function startPage(loadProviders: ProvidersLoader): Promise<void> {
  running.push(keepHeaderBelowBanner());
  const islands = startIslands(islandLoaders, loadProviders);
  // The home page's islands wait for the visitor's first input (no React before it), unless what they show must change
  // by itself: these plain scripts wake them. After startIslands, whose watchers hear the wake.
  wakeRotatingLabel();
  running.push(startExitDialogTimer());
  return islands;
}

/** Stops what startPage started, before the page's HTML is replaced. */
export function stopPage() {
  stopIslands(); // the banner's island, unmounting, says the banner is gone
  running.splice(0).forEach((stop) => stop());
  // The next HTML's banner shows until its own island says otherwise, as at load.
  forgetBannerVisibility();
}
