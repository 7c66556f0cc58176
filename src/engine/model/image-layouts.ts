/**
 * The slots an image fills, each as its section lays it out: how wide it shows at most (CSS pixels), the `sizes` the
 * browser picks a width from, and the shape a slot crops to (around the record's focal point). The build makes each
 * image at the widths its slot needs (1x and 2x screens, never wider than the original); validation says when an
 * original is narrower than its slot at 1x. Kept beside the CSS that lays the slots out (each block's module.css).
 */
import type { ImageLayoutName } from './json-schema-node';

export interface ImageLayout {
  /** The widest it shows, in CSS pixels: the original should be at least this wide. */
  width: number;
  /** The `sizes` attribute: how wide it shows at each screen width. */
  sizes: string;
  /** Width over height when the slot crops to a shape; the original's shape otherwise. */
  ratio?: number;
  /** Only SVG (a logo drawn as a vector). */
  svgOnly?: boolean;
}

export const IMAGE_LAYOUTS: Record<ImageLayoutName, ImageLayout> = {
  // Under the hero's text, centred, at most 640 px (Hero.module.css .image).
  // Beside the hero's text from 62em (half of a 960 px container), under it and at most 640 px wide before.
  hero: { width: 640, sizes: '(min-width: 62em) 460px, (min-width: 42em) 640px, calc(100vw - 2rem)' },
  // At the top of a card: one column on a phone, two from 48em, up to four from 62em in a 1140 px container.
  card: { width: 360, sizes: '(min-width: 75em) 360px, (min-width: 48em) 45vw, calc(100vw - 2rem)', ratio: 16 / 10 },
  // At the top of each option, two or three side by side from 48em.
  split: { width: 480, sizes: '(min-width: 62em) 480px, (min-width: 48em) 45vw, calc(100vw - 2rem)', ratio: 4 / 3 },
  // Above a step of a how-it-works list: up to four side by side, one on a phone (Steps.module.css .image).
  step: { width: 280, sizes: '(min-width: 62em) 240px, (min-width: 48em) 45vw, 280px' },
  // A figure in the flow of a story (the Prose block's column, 720 px).
  story: { width: 720, sizes: '(min-width: 48em) 720px, calc(100vw - 2rem)' },
  // A mark in the logo strip, 28 px high.
  logo: { width: 160, sizes: '160px', svgOnly: true },
  // Shared on social networks: 1200x630.
  social: { width: 1200, sizes: '1200px', ratio: 1200 / 630 },
};

/** Every width a variant is made at, from a phone at 1x to a wide slot at 2x. */
const WIDTH_LADDER = [320, 480, 640, 800, 960, 1280, 1600] as const;

/** The widths a slot needs of an original `originalWidth` wide: up to twice the slot, never wider than the original. */
export function variantWidths(layout: ImageLayout, originalWidth: number): number[] {
  const widths = WIDTH_LADDER.filter((w) => w <= Math.min(layout.width * 2, originalWidth));
  const largest = Math.min(layout.width * 2, originalWidth);
  if (!widths.includes(largest as never) && largest > (widths.at(-1) ?? 0)) widths.push(largest as never);
  return widths;
}
