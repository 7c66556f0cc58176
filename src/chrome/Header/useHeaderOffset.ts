import { useThrottledCallback, useWindowEvent } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import siteData from 'virtual:site-data';
import { lastAnnouncedBannerVisibility, PROMO_BANNER_EVENT, type PromoBannerVisibility } from '../PromoBanner/banner-event';

/** Spec: the offset applies while the page is scrolled 10 px or less. */
const AT_TOP_MAX_SCROLL_PX = 10;
const SCROLL_THROTTLE_MS = 16;

/**
 * Whether the header sits below the promo banner: on the home page, while the
 * banner is visible (it says so through a window event) and the page is at the top.
 * Starts from what the prerendered page shows, so hydration matches.
 */
export function useHeaderOffset(): boolean {
  const { pathname } = useLocation();
  const [bannerVisible, setBannerVisible] = useState(siteData.config.promoBanner.enabled);
  const [atTop, setAtTop] = useState(true);
  const evaluateScroll = () => setAtTop(window.scrollY <= AT_TOP_MAX_SCROLL_PX);

  // The header hydrates in its own boundary, possibly after the banner has announced itself.
  useEffect(() => {
    const last = lastAnnouncedBannerVisibility();
    if (last !== undefined) setBannerVisible(last);
  }, []);
  useWindowEvent(PROMO_BANNER_EVENT, (event: CustomEvent<PromoBannerVisibility>) => setBannerVisible(event.detail.isVisible));
  useWindowEvent('scroll', useThrottledCallback(evaluateScroll, SCROLL_THROTTLE_MS), { passive: true });
  useEffect(evaluateScroll, [pathname]);

  return pathname === '/' && bannerVisible && atTop;
}
