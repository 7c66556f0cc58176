/**
 * The brand's buttons as Mantine props: a variant (spec section 9: default, destructive, outline,
 * secondary, ghost, link, hero, premium, soft; and inverse for dark bands) at a size (default, sm,
 * lg, xl; icon for a square icon button), both as the theme defines them (theme.ts). The site's own
 * buttons and the style guide's samples are drawn through these, so they cannot differ.
 */
import type { ActionIconProps, ButtonProps, MantineTheme } from '@mantine/core';
import type { ButtonVariantName } from '../vocabulary/button-variants';
import { resolvedTheme } from './theme';

export type ButtonSizeName = 'default' | 'sm' | 'lg' | 'xl';

/** `theme` is the one the site renders with unless a component passes the one it is rendered in. */
export function brandButton(
  variant: ButtonVariantName = 'default',
  size: ButtonSizeName = 'default',
  theme: MantineTheme = resolvedTheme,
): Partial<ButtonProps> {
  return { ...(theme.other.buttonVariants[variant] as Partial<ButtonProps>), ...theme.other.buttonSizes[size] };
}

/** A square icon button (an ActionIcon) in a brand variant, at the brand's icon size. */
export function brandIconButton(variant: ButtonVariantName = 'default', theme: MantineTheme = resolvedTheme): Partial<ActionIconProps> {
  const { variant: look, color, radius, gradient } = theme.other.buttonVariants[variant] as Partial<ButtonProps>;
  return { variant: look, color, radius, gradient, ...theme.other.buttonSizes.icon };
}

/** Variants made for dark bands (the calls-to-action band): the style guide shows them on one. */
export const ON_DARK_VARIANTS: readonly ButtonVariantName[] = ['inverse'];
