/**
 * Spec: "mobile" is below 768 px, Mantine's `sm` breakpoint (48em). The one definition for
 * TypeScript; CSS modules use `@mixin smaller-than $mantine-breakpoint-sm` (postcss-preset-mantine),
 * whose breakpoints come from the same theme (postcss.config.ts).
 */
import { resolvedTheme } from './theme';

const MOBILE_BREAKPOINT = resolvedTheme.breakpoints.sm;
/** Matches below the mobile breakpoint; the same query postcss-preset-mantine writes for `smaller-than`. */
export const MOBILE_MEDIA_QUERY = `(max-width: ${parseFloat(MOBILE_BREAKPOINT) - 0.00625}em)`;
