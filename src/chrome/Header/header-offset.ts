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
 * must follow the first scroll at once, before (and without) React. Returns how to stop (page-start.ts).
 */
export function keepHeaderBelowBanner(): () => void {
  const header = document.getElementById(HEADER_ID);
  if (!header?.hasAttribute(BELOW_BANNER_ATTR)) return () => undefined;
  let bannerVisible = lastAnnouncedBannerVisibility() ?? true;
  const apply = () => header.toggleAttribute(BELOW_BANNER_ATTR, bannerVisible && window.scrollY <= AT_TOP_MAX_SCROLL_PX);
  const onBanner = (event: Event) => {
    bannerVisible = (event as CustomEvent<PromoBannerVisibility>).detail.isVisible;
    apply();
  };
  const onScroll = throttle(apply, SCROLL_THROTTLE_MS);
  window.addEventListener(PROMO_BANNER_EVENT, onBanner);
  window.addEventListener('scroll', onScroll, { passive: true });
  apply();
  return () => {
    window.removeEventListener(PROMO_BANNER_EVENT, onBanner);
    window.removeEventListener('scroll', onScroll);
  };
}
