import { throttle } from '../../lib/throttle';
import { lastAnnouncedBannerVisibility, PROMO_BANNER_EVENT, type PromoBannerVisibility } from '../PromoBanner/banner-event';

/** The header element's id, shared by the server render and the script that moves it. */
export const HEADER_ID = 'site-header';
/** Set by the server on the header of a page with the promo banner (it starts below the banner), then kept by the script below. */
const BELOW_BANNER_ATTR = 'data-below-banner';

/** Spec: the offset applies while the page is scrolled 10 px or less. */
const AT_TOP_MAX_SCROLL_PX = 10;
/** Spec: scroll handling is throttled to about 16 ms (one frame). */
const SCROLL_THROTTLE_MS = 16;

/**
 * On pages with the promo banner, keeps the header 5rem lower while the banner is visible (it says so through a
 * window event, spec) and the page is scrolled 10 px or less. A plain script, not an island: it renders nothing and
 * must follow the first scroll at once, before (and without) React.
 */
export function keepHeaderBelowBanner() {
  if (!document.getElementById(HEADER_ID)?.hasAttribute(BELOW_BANNER_ATTR)) return;
  let bannerVisible = lastAnnouncedBannerVisibility() ?? true;
  // Looked up each time: the dev server's live preview swaps the page's HTML in place.
  const apply = () =>
    document.getElementById(HEADER_ID)?.toggleAttribute(BELOW_BANNER_ATTR, bannerVisible && window.scrollY <= AT_TOP_MAX_SCROLL_PX);
  window.addEventListener(PROMO_BANNER_EVENT, (event) => {
    bannerVisible = (event as CustomEvent<PromoBannerVisibility>).detail.isVisible;
    apply();
  });
  window.addEventListener('scroll', throttle(apply, SCROLL_THROTTLE_MS), { passive: true });
  apply();
}
