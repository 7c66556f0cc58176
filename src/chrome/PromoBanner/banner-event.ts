/**
 * The promo banner tells the header whether it is showing through a window
 * event carrying `isVisible` (spec), so the two stay decoupled.
 */
export const PROMO_BANNER_EVENT = 'promo-banner-visibility';

export interface PromoBannerVisibility {
  isVisible: boolean;
}

let lastAnnounced: boolean | undefined;

/** What the banner last announced (undefined before it has): a listener that starts late catches up with it. */
export const lastAnnouncedBannerVisibility = () => lastAnnounced;

/** Forgets what the banner said, when the page's HTML is replaced in place (a preview): the new banner has said nothing yet. */
export function forgetBannerVisibility() {
  lastAnnounced = undefined;
}

export function announceBannerVisibility(isVisible: boolean) {
  lastAnnounced = isVisible;
  window.dispatchEvent(new CustomEvent<PromoBannerVisibility>(PROMO_BANNER_EVENT, { detail: { isVisible } }));
}
