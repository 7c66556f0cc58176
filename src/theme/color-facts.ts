/** What the style guide says of a theme colour: its values, and how well text reads on it (WCAG 2). */
import { getPrimaryShade, luminance, toRgba, type MantineTheme } from '@mantine/core';

/** WCAG AA for normal text. */
const AA_CONTRAST = 4.5;

export interface ColorValue {
  hex: string;
  /** As the theme states it when it is given in HSL (the decided brand values), otherwise computed from the hex. */
  hsl: string;
}

export interface ColorFacts extends ColorValue {
  /** The text colour that reads best on it (the theme's white or black), and its contrast ratio. */
  text: string;
  contrast: number;
  passesAA: boolean;
}

const hex2 = (n: number) => Math.round(n).toString(16).padStart(2, '0');

function hslOf(r: number, g: number, b: number): string {
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const max = Math.max(rr, gg, bb);
  const min = Math.min(rr, gg, bb);
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  const h = d === 0 ? 0 : max === rr ? ((gg - bb) / d) % 6 : max === gg ? (bb - rr) / d + 2 : (rr - gg) / d + 4;
  return `hsl(${Math.round((h * 60 + 360) % 360)} ${Math.round(s * 100)}% ${Math.round(l * 100)}%)`;
}

/** WCAG 2 contrast ratio of two colours (any format Mantine reads). */
function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** A contrast ratio of text on a colour: rounded to two decimals for display, judged unrounded. */
export interface Contrast {
  ratio: number;
  passesAA: boolean;
}

export function contrastOf(text: string, background: string): Contrast {
  const ratio = contrastRatio(text, background);
  return { ratio: Math.round(ratio * 100) / 100, passesAA: ratio >= AA_CONTRAST };
}

/**
 * A colour reference as the style guide and theme roles write it, down to a Mantine one:
 * - a role of the theme (`other.colorRoles`: "foreground", "muted", "accent", ...), which names one of the below;
 * - "primary": the theme's primary colour at the shade the site uses for filled buttons, links and
 *   brand text (`primaryColor` at `primaryShade`);
 * - "primary.5": a shade of the theme's primary colour, whichever colour that is;
 * - "brand.5", "gray.0", "white", "black": a theme colour.
 */
export function resolveColorRef(ref: string, theme: MantineTheme): string {
  const roles = (theme.other.colorRoles ?? {}) as Record<string, string | undefined>;
  const named = roles[ref] ?? ref;
  if (named === 'primary') return `${theme.primaryColor}.${getPrimaryShade(theme, 'light')}`;
  if (named.startsWith('primary.')) return `${theme.primaryColor}${named.slice('primary'.length)}`;
  return named;
}

/** The value of a colour reference (Mantine's getThemeColor answers a CSS variable, not the value). */
function themeColorValue(ref: string, theme: MantineTheme): string {
  const resolved = resolveColorRef(ref, theme);
  if (resolved === 'white') return theme.white;
  if (resolved === 'black') return theme.black;
  const [name, shade] = resolved.split('.');
  const value = theme.colors[name]?.[shade === undefined ? 6 : Number(shade)];
  if (!value) throw new Error(`the theme has no colour "${ref}"`);
  return value;
}

/** "hsl(263, 50%, 85%)" (Mantine reads HSL with commas) -> "hsl(263 50% 85%)". */
const statedHsl = (value: string) => {
  const match = /^hsl\(\s*([\d.]+)[\s,]+([\d.]+%)[\s,]+([\d.]+%)\s*\)$/i.exec(value.trim());
  return match ? `hsl(${match[1]} ${match[2]} ${match[3]})` : undefined;
};

/** Hex and HSL of a colour reference. */
export function colorValue(ref: string, theme: MantineTheme): ColorValue {
  const value = themeColorValue(ref, theme);
  const { r, g, b } = toRgba(value);
  return { hex: `#${hex2(r)}${hex2(g)}${hex2(b)}`, hsl: statedHsl(value) ?? hslOf(r, g, b) };
}

/** `ref` is a colour reference (see resolveColorRef): "primary", "accent", "brand.5", "white", "gray.0". */
export function colorFacts(ref: string, theme: MantineTheme): ColorFacts {
  const { hex, hsl } = colorValue(ref, theme);
  const [text, contrast] = [theme.white, theme.black]
    .map((candidate) => [candidate, contrastOf(candidate, hex)] as const)
    .sort((x, y) => y[1].ratio - x[1].ratio)[0];
  return { hex, hsl, text, contrast: contrast.ratio, passesAA: contrast.passesAA };
}
