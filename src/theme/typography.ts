/**
 * The site's six text styles, defined once. The theme (theme.ts, `other.textStyles`) holds their
 * definitions; `themeCssVariables` writes each as CSS variables (`--rw-text-<name>-size`,
 * `-line-height`, `-weight`, `-letter-spacing`) that the CSS modules setting them read (the hero
 * headline and lead in src/blocks/Hero, section headings in src/ui/Section.module.css), and the
 * style guide (src/blocks/TypeScale) reads the same definitions: a change here changes both.
 */
import type { MantineFontSize, MantineTheme } from '@mantine/core';
import type { TextStyleName } from '../vocabulary/text-styles';

type HeadingSize = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
type FontSize = Extract<MantineFontSize, 'xs' | 'sm' | 'md' | 'lg' | 'xl'>;

/** A size that follows the screen width: CSS `clamp(min, preferred, max)`. */
interface FluidSize {
  min: string;
  preferred: string;
  max: string;
}

/**
 * A text style: a heading (set in the theme's heading font and weight) or text (the body font at
 * weight 400), at a size of the theme (a heading size h1-h6 or a font size xs-xl, with its line
 * height) or a fluid size of its own (then with its own line height).
 */
export type TextStyleDef =
  | { kind: 'heading'; size: HeadingSize | FluidSize; lineHeight?: string; letterSpacing?: string }
  | { kind: 'text'; size: FontSize; lineHeight?: string; letterSpacing?: string };

export const fluid = (min: string, preferred: string, max: string): FluidSize => ({ min, preferred, max });

/** A text style as CSS draws it, and its size as the style guide states it. */
export interface ResolvedTextStyle {
  fontSize: string;
  lineHeight: string;
  fontWeight: string;
  letterSpacing: string;
  /** Its size in px at Mantine's scale 1; a fluid size gives its range. */
  px: { min: number; max: number };
  /** The clamp() expression of a fluid size. */
  fluid?: string;
}

/** "calc(1.375rem * var(--mantine-scale))", "2.1rem", "22px" -> px at scale 1. */
function toPx(value: string): number {
  const rem = /([\d.]+)rem/.exec(value);
  if (rem) return Math.round(Number(rem[1]) * 16 * 10) / 10;
  const px = /([\d.]+)px/.exec(value);
  if (px) return Number(px[1]);
  throw new Error(`cannot read a size from "${value}"`);
}

export function resolveTextStyle(def: TextStyleDef, theme: MantineTheme): ResolvedTextStyle {
  const letterSpacing = def.letterSpacing ?? 'normal';
  if (def.kind === 'text') {
    const fontSize = theme.fontSizes[def.size];
    const lineHeight = def.lineHeight ?? theme.lineHeights[def.size];
    const px = toPx(fontSize);
    return { fontSize, lineHeight, fontWeight: '400', letterSpacing, px: { min: px, max: px } };
  }
  const headingWeight = String(theme.headings.fontWeight);
  if (typeof def.size === 'string') {
    const heading = theme.headings.sizes[def.size];
    const px = toPx(heading.fontSize);
    return {
      fontSize: heading.fontSize,
      lineHeight: def.lineHeight ?? heading.lineHeight,
      fontWeight: String(heading.fontWeight ?? headingWeight),
      letterSpacing,
      px: { min: px, max: px },
    };
  }
  const { min, preferred, max } = def.size;
  const clamp = `clamp(${min}, ${preferred}, ${max})`;
  return {
    fontSize: clamp,
    lineHeight: def.lineHeight ?? String(theme.lineHeights.md),
    fontWeight: headingWeight,
    letterSpacing,
    px: { min: toPx(min), max: toPx(max) },
    fluid: clamp,
  };
}

/** The CSS variables of one style, as the theme writes them and the CSS modules read them. */
export const textStyleVariables = (name: TextStyleName, style: ResolvedTextStyle): Record<string, string> => ({
  [`--rw-text-${name}-size`]: style.fontSize,
  [`--rw-text-${name}-line-height`]: style.lineHeight,
  [`--rw-text-${name}-weight`]: style.fontWeight,
  [`--rw-text-${name}-letter-spacing`]: style.letterSpacing,
});

/** The style set through its CSS variables (what a sample in the style guide uses). */
export const textStyleCss = (name: TextStyleName) => ({
  fontSize: `var(--rw-text-${name}-size)`,
  lineHeight: `var(--rw-text-${name}-line-height)`,
  fontWeight: `var(--rw-text-${name}-weight)`,
  letterSpacing: `var(--rw-text-${name}-letter-spacing)`,
});
