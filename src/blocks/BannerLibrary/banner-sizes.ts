/**
 * Banner sizes (spec sections 3 and 4). Plain TypeScript: the build, the filters and the previews
 * all use it, in the browser too.
 */

export const SIZE_CATEGORIES = ['Mobile', 'Desktop', 'Social', 'Email', 'Display'] as const;
export type SizeCategory = (typeof SIZE_CATEGORIES)[number];

/**
 * Spec section 4, checked in this order: Mobile if the label mentions Mobile, 320x50 or 375x667;
 * Social if it mentions Facebook, Instagram or 1080x; Email if it mentions Email; Desktop for
 * 728x90, 970x250, 300x250 or 336x280; otherwise Display.
 */
export function sizeCategory(size: string): SizeCategory {
  const mentions = (...parts: string[]) => parts.some((part) => size.includes(part));
  if (mentions('Mobile', '320x50', '375x667')) return 'Mobile';
  if (mentions('Facebook', 'Instagram', '1080x')) return 'Social';
  if (mentions('Email')) return 'Email';
  if (mentions('728x90', '970x250', '300x250', '336x280')) return 'Desktop';
  return 'Display';
}

export interface Preview {
  /** The ad's real size in px. */
  width: number;
  height: number;
  /** How much the preview shrinks it, so large formats fit the library's cards. */
  scale: number;
}

/** Every size the spec names, with its preview scale (the 120x600 Thin Skyscraper is preview-only: no ad uses it). */
export const PREVIEWS: Record<string, Preview> = {
  '728x90 Leaderboard': { width: 728, height: 90, scale: 0.5 },
  '300x250 Medium Rectangle': { width: 300, height: 250, scale: 1 },
  '320x50 Mobile Banner': { width: 320, height: 50, scale: 1 },
  '160x600 Skyscraper': { width: 160, height: 600, scale: 0.5 },
  '1200x628 Facebook/LinkedIn': { width: 1200, height: 628, scale: 0.3 },
  '1200x1200 LinkedIn Square': { width: 1200, height: 1200, scale: 0.25 },
  '1080x1080 Instagram Square': { width: 1080, height: 1080, scale: 0.28 },
  '1080x1920 Instagram Story': { width: 1080, height: 1920, scale: 0.18 },
  '375x667 Mobile Interstitial': { width: 375, height: 667, scale: 0.45 },
  '600x400 Email Header': { width: 600, height: 400, scale: 0.5 },
  '500x500 Square Display': { width: 500, height: 500, scale: 0.6 },
  '970x250 Billboard': { width: 970, height: 250, scale: 0.35 },
  '250x250 Small Square': { width: 250, height: 250, scale: 1 },
  '300x600 Half Page': { width: 300, height: 600, scale: 0.5 },
  '336x280 Large Rectangle': { width: 336, height: 280, scale: 0.9 },
  '120x600 Thin Skyscraper': { width: 120, height: 600, scale: 0.5 },
  '468x60 Banner': { width: 468, height: 60, scale: 0.65 },
};

/** Spec: a size the table does not know previews at 400x300. */
export const UNKNOWN_PREVIEW: Preview = { width: 400, height: 300, scale: 1 };

export const previewOf = (size: string): Preview => PREVIEWS[size] ?? UNKNOWN_PREVIEW;
