import { useThrottledCallback, useWindowEvent } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { lastAnnouncedBannerVisibility, PROMO_BANNER_EVENT, type PromoBannerVisibility } from '../PromoBanner/banner-event';
import { HEADER_ID } from './header-offset';
import { useSiteData } from '../../site/site-data';

/** Spec: the offset applies while the page is scrolled 10 px or less. */
const AT_TOP_MAX_SCROLL_PX = 10;
const SCROLL_THROTTLE_MS = 16;

/**
 * A behaviour island on pages with the promo banner: keeps the header 5rem lower while the banner
 * is visible (it says so through a window event, spec) and the page is scrolled 10 px or less.
 * It renders nothing; it sets the header's `data-below-banner`, which the server set to match.
 */
export function HeaderOffset() {
  const siteData = useSiteData();
  // It renders nothing, so it can start from the browser's state: what the banner last announced
  // (possibly before this island hydrated) and where the page is scrolled.
  const [bannerVisible, setBannerVisible] = useState(() => lastAnnouncedBannerVisibility() ?? siteData.config.promoBanner.enabled);
  const [atTop, setAtTop] = useState(() => typeof window === 'undefined' || window.scrollY <= AT_TOP_MAX_SCROLL_PX);
  const evaluateScroll = () => setAtTop(window.scrollY <= AT_TOP_MAX_SCROLL_PX);
  useWindowEvent(PROMO_BANNER_EVENT, (event: CustomEvent<PromoBannerVisibility>) => setBannerVisible(event.detail.isVisible));
  useWindowEvent('scroll', useThrottledCallback(evaluateScroll, SCROLL_THROTTLE_MS), { passive: true });

  const belowBanner = bannerVisible && atTop;
  useEffect(() => {
    document.getElementById(HEADER_ID)?.toggleAttribute('data-below-banner', belowBanner);
  }, [belowBanner]);
  return null;
}
