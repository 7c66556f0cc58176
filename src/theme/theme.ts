/**
 * The one brand theme. Primary hsl(217 89% 61%) sits at shade 5 of `brand`;
 * filled buttons and links use shade 8 so white-on-brand and brand-on-white
 * text both pass WCAG AA (4.5:1).
 */
import {
  createTheme,
  DEFAULT_THEME,
  getThemeColor,
  mergeMantineTheme,
  type ButtonProps,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineGradient,
} from '@mantine/core';
import type { ButtonVariantName } from '../lib/button-variants';

const brand: MantineColorsTuple = [
  '#ebf2fe',
  '#d4e3fd',
  '#a8c6fa',
  '#7aa8f8',
  '#5893f6',
  '#4387f4',
  '#2f6fdc',
  '#1f5bc2',
  '#174aa3',
  '#0f3a82',
];

/** Accent hsl(263 50% 85%) at shade 2. */
const accent: MantineColorsTuple = [
  '#f6f2fc',
  '#e9e0f7',
  '#d5c6ef',
  '#bfa8e6',
  '#a98bdc',
  '#9470d2',
  '#7d56c2',
  '#6844a6',
  '#543786',
  '#402a66',
];

/** The brand's gradients, painted through CSS variables (--rw-gradient-<name>) and shown by the style guide. */
const gradients = {
  hero: { from: 'brand.0', to: 'white', deg: 180 },
  band: { from: 'brand.9', to: 'violet.9', deg: 135 },
  announcement: { from: 'brand.9', to: 'accent.8', deg: 90 },
  premium: { from: 'brand.8', to: 'accent.7', deg: 135 },
} satisfies Record<string, MantineGradient>;

/** What each of the brand's button variants (src/lib/button-variants.ts) looks like, as Mantine props. */
const buttonVariants = {
  default: { variant: 'filled' },
  destructive: { variant: 'filled', color: 'red.9' },
  outline: { variant: 'outline' },
  secondary: { variant: 'light', color: 'gray', c: 'gray.9' },
  ghost: { variant: 'subtle' },
  link: { variant: 'transparent', td: 'underline', px: 0 },
  hero: { variant: 'gradient', gradient: { from: 'brand.8', to: 'brand.9', deg: 135 } },
  premium: { variant: 'gradient', gradient: gradients.premium },
  soft: { variant: 'light' },
  inverse: { variant: 'white', color: 'brand.9' },
} satisfies Record<ButtonVariantName, Partial<ButtonProps>>;

/** The button sizes the brand names; `icon` is a square icon button. */
const buttonSizes = { default: 'md', sm: 'sm', lg: 'lg', xl: 'xl', icon: 'icon' } as const;

declare module '@mantine/core' {
  export interface MantineThemeOther {
    gradients: typeof gradients;
    buttonVariants: typeof buttonVariants;
    buttonSizes: typeof buttonSizes;
  }
}

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 8,
  colors: { brand, accent },
  fontFamily: "'Inter Variable', 'Inter Fallback', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  headings: {
    fontFamily: "'Inter Variable', 'Inter Fallback', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    fontWeight: '750',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  other: { gradients, buttonVariants, buttonSizes },
});

/** The gradients as CSS: `var(--rw-gradient-band)` in a CSS module paints the theme's band gradient. */
export const themeCssVariables: CSSVariablesResolver = (current) => ({
  variables: Object.fromEntries(
    Object.entries(current.other.gradients as typeof gradients).map(([name, { from, to, deg }]) => [
      `--rw-gradient-${name}`,
      `linear-gradient(${deg}deg, ${getThemeColor(from, current)} 0%, ${getThemeColor(to, current)} 100%)`,
    ]),
  ),
  light: {},
  dark: {},
});

/** The theme with Mantine's defaults filled in (breakpoints, spacing, ...): what components actually render with. */
export const resolvedTheme = mergeMantineTheme(DEFAULT_THEME, theme);
