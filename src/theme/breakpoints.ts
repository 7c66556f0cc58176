/**
 * The site's breakpoints, Mantine's own values written out: the one definition for the theme (theme.ts), for
 * TypeScript, and for CSS modules' `@mixin smaller-than $mantine-breakpoint-sm` (postcss-preset-mantine, fed from
 * vite.config.ts). A file without Mantine, so the Vite configuration loads in a fraction of a second.
 * Spec: "mobile" is below 768 px, the `sm` breakpoint (48em).
 */
export const breakpoints = { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' } as const;

/** Matches below the mobile breakpoint; the same query postcss-preset-mantine writes for `smaller-than`. */
export const MOBILE_MEDIA_QUERY = `(max-width: ${parseFloat(breakpoints.sm) - 0.00625}em)`;
