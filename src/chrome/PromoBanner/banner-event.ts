/**
 * The promo banner tells the header whether it is showing through a window
 * event carrying `isVisible` (spec), so the two stay decoupled.
 */
export const PROMO_BANNER_EVENT = 'promo-banner-visibility';

export interface PromoBannerVisibility {
  isVisible: boolean;
}

export function announceBannerVisibility(isVisible: boolean) {
  window.dispatchEvent(new CustomEvent<PromoBannerVisibility>(PROMO_BANNER_EVENT, { detail: { isVisible } }));
}
