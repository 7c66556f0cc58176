/**
 * The button variants the brand names (spec section 9), as page documents write them; the theme
 * (src/theme/theme.ts) says what each looks like. `inverse` is for dark bands.
 */
export const BUTTON_VARIANTS = [
  'default',
  'destructive',
  'outline',
  'secondary',
  'ghost',
  'link',
  'hero',
  'premium',
  'soft',
  'inverse',
] as const;
export type ButtonVariantName = (typeof BUTTON_VARIANTS)[number];
