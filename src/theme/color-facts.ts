/** What the style guide says of a theme colour: its values, and how well text reads on it (WCAG 2). */
import { luminance, toRgba, type MantineTheme } from '@mantine/core';

/** WCAG AA for normal text. */
const AA_CONTRAST = 4.5;

export interface ColorFacts {
  hex: string;
  hsl: string;
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

const contrastRatio = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
};

/** The value of a theme colour reference: "brand.5", "gray.0", "white", "black" (Mantine's getThemeColor answers a CSS variable). */
function themeColorValue(ref: string, theme: MantineTheme): string {
  if (ref === 'white') return theme.white;
  if (ref === 'black') return theme.black;
  const [name, shade] = ref.split('.');
  const value = theme.colors[name]?.[shade === undefined ? 6 : Number(shade)];
  if (!value) throw new Error(`the theme has no colour "${ref}"`);
  return value;
}

/** `ref` is a theme colour: "brand.5", "white", "gray.0". */
export function colorFacts(ref: string, theme: MantineTheme): ColorFacts {
  const value = themeColorValue(ref, theme);
  const { r, g, b } = toRgba(value);
  const hex = `#${hex2(r)}${hex2(g)}${hex2(b)}`;
  const [text, contrast] = [theme.white, theme.black]
    .map((candidate) => [candidate, contrastRatio(hex, candidate)] as const)
    .sort((x, y) => y[1] - x[1])[0];
  return { hex, hsl: hslOf(r, g, b), text, contrast: Math.round(contrast * 100) / 100, passesAA: contrast >= AA_CONTRAST };
}
