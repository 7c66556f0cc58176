/**
 * The one brand theme. Primary hsl(217 89% 61%) sits at shade 5 of `brand`, accent hsl(263 50% 85%)
 * at shade 2 of `accent`, both stated exactly as decided (docs: shared/decisions.md); filled buttons
 * and links use shade 8 of the primary (`primaryShade`) so white-on-brand and brand-on-white text
 * both pass WCAG AA (4.5:1).
 */
import {
  createTheme,
  DEFAULT_THEME,
  getThemeColor,
  mergeMantineTheme,
  type ActionIconProps,
  type ButtonProps,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineGradient,
} from '@mantine/core';
import type { ButtonVariantName } from '../vocabulary/button-variants';
import { ACCENT_SHADES, BRAND_SHADES } from './brand-colors';
import { breakpoints } from './breakpoints';
import { resolveColorRef } from './color-facts';
import type { TextStyleName } from '../vocabulary/text-styles';
import { fluid, resolveTextStyle, textStyleVariables, type TextStyleDef } from './typography';

/** Primary hsl(217 89% 61%) at shade 5; accent hsl(263 50% 85%) at shade 2 (their values: brand-colors.ts). */
const brand: MantineColorsTuple = BRAND_SHADES;
const accent: MantineColorsTuple = ACCENT_SHADES;

/**
 * The site's colours by role, as the style guide names them: each is a colour reference
 * (src/theme/color-facts.ts). "primary" is the primary colour at the shade filled buttons, links and
 * brand text use; "primary.5" a shade of whichever colour is primary. CSS reads them as
 * `var(--rw-color-<role>)`.
 */
const colorRoles = {
  primary: 'primary',
  brandHue: 'primary.5',
  foreground: 'black',
  background: 'white',
  muted: 'gray.0',
  accent: 'accent.2',
} as const;

/** The brand's gradients, painted through CSS variables (--rw-gradient-<name>) and shown by the style guide. */
const gradients = {
  hero: { from: 'brand.0', to: 'white', deg: 180 },
  band: { from: 'brand.9', to: 'violet.9', deg: 135 },
  announcement: { from: 'brand.9', to: 'accent.8', deg: 90 },
  premium: { from: 'brand.8', to: 'accent.7', deg: 135 },
} satisfies Record<string, MantineGradient>;

/**
 * The text colour the site sets on each gradient (the hero's body text, the white text of the
 * calls-to-action band, the promo banner and premium buttons): the style guide checks its contrast.
 */
const gradientText = {
  hero: 'gray.7',
  band: 'white',
  announcement: 'white',
  premium: 'white',
} satisfies Record<keyof typeof gradients, string>;

/**
 * What each of the brand's button variants (src/vocabulary/button-variants.ts) looks like, as Mantine props;
 * buttons that carry weight are pills. `inverse` is for dark bands. Use them through brandButton
 * (src/theme/buttons.ts).
 */
const buttonVariants = {
  default: { variant: 'filled', radius: 'xl' },
  destructive: { variant: 'filled', color: 'red.9', radius: 'xl' },
  outline: { variant: 'outline', radius: 'xl' },
  secondary: { variant: 'light', color: 'gray', c: 'gray.9', radius: 'xl' },
  ghost: { variant: 'subtle' },
  link: { variant: 'transparent', td: 'underline', px: 0 },
  hero: { variant: 'gradient', gradient: { from: 'brand.8', to: 'brand.9', deg: 135 }, radius: 'xl' },
  premium: { variant: 'gradient', gradient: gradients.premium, radius: 'xl' },
  soft: { variant: 'light', radius: 'xl' },
  inverse: { variant: 'white', color: 'brand.9', radius: 'xl' },
} satisfies Record<ButtonVariantName, Partial<ButtonProps>>;

/** The button sizes the brand names, as Mantine props; `icon` is a square icon button (an ActionIcon). */
const buttonSizes = {
  default: { size: 'md' },
  sm: { size: 'sm' },
  lg: { size: 'lg' },
  xl: { size: 'xl' },
  icon: { size: 'lg' },
} as const;

/** The six text styles the site sets (src/theme/typography.ts), read by its CSS through `--rw-text-<name>-*`. */
const textStyles = {
  /** The hero headline (src/blocks/Hero). */
  display: { kind: 'heading', size: fluid('2.1rem', '1.4rem + 3vw', '3.5rem'), lineHeight: '1.1', letterSpacing: '-0.02em' },
  /** Section headings (src/ui/Section.tsx). */
  section: { kind: 'heading', size: fluid('1.75rem', '1.2rem + 2vw', '2.5rem'), lineHeight: '1.2' },
  /** Card and panel titles: Mantine's h3. */
  card: { kind: 'heading', size: 'h3' },
  /** The hero's lead paragraph. */
  lead: { kind: 'text', size: 'xl' },
  body: { kind: 'text', size: 'md' },
  caption: { kind: 'text', size: 'sm' },
} satisfies Record<TextStyleName, TextStyleDef>;

declare module '@mantine/core' {
  export interface MantineThemeOther {
    colorRoles: Record<keyof typeof colorRoles, string>;
    gradients: typeof gradients;
    gradientText: Record<keyof typeof gradients, string>;
    buttonVariants: typeof buttonVariants;
    buttonSizes: Record<Exclude<keyof typeof buttonSizes, 'icon'>, Pick<ButtonProps, 'size'>> & { icon: Pick<ActionIconProps, 'size'> };
    textStyles: Record<TextStyleName, TextStyleDef>;
  }
}

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 8,
  breakpoints,
  colors: { brand, accent },
  fontFamily: "'Inter Variable', 'Inter Fallback', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  headings: {
    fontFamily: "'Inter Variable', 'Inter Fallback', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    fontWeight: '750',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Menus, drawers, dialogs and collapses appear without their transition for a visitor who asked the system to
  // reduce motion (WCAG 2.3.3), as the header, the floating chat and the toasts already do in their own CSS.
  respectReducedMotion: true,
  other: { colorRoles, gradients, gradientText, buttonVariants, buttonSizes, textStyles },
});

/**
 * The theme's own CSS variables: `var(--rw-gradient-band)` paints the band gradient,
 * `var(--rw-color-muted)` is the muted colour, `var(--rw-text-display-size)` the display text size.
 */
export const themeCssVariables: CSSVariablesResolver = (current) => ({
  variables: {
    ...Object.fromEntries(
      Object.entries(current.other.gradients as typeof gradients).map(([name, { from, to, deg }]) => [
        `--rw-gradient-${name}`,
        `linear-gradient(${deg}deg, ${getThemeColor(from, current)} 0%, ${getThemeColor(to, current)} 100%)`,
      ]),
    ),
    ...Object.fromEntries(
      Object.entries(current.other.colorRoles).map(([role, ref]) => [
        `--rw-color-${role}`,
        getThemeColor(resolveColorRef(ref, current), current),
      ]),
    ),
    ...Object.assign(
      {},
      ...Object.entries(current.other.textStyles).map(([name, def]) =>
        textStyleVariables(name as TextStyleName, resolveTextStyle(def, current)),
      ),
    ),
  },
  light: {},
  dark: {},
});

/** The theme with Mantine's defaults filled in (breakpoints, spacing, ...): what components actually render with. */
export const resolvedTheme = mergeMantineTheme(DEFAULT_THEME, theme);
