import { Button, type ButtonProps } from '@mantine/core';
import type { PanelName } from '../../engine/model/links';
import type { ButtonVariantName } from '../../vocabulary/button-variants';
import { resolvedTheme } from '../../theme/theme';
import { Island } from '../../hydration/Island';
import { SiteLink } from '../../ui/SiteLink';
import type { PanelButtonProps } from './PanelButton';

export interface Action {
  label: string;
  href: string;
  placement?: string;
}

/**
 * A call to action from a page document, rendered on the server: a link (`/story`, `site:signUp`, ...)
 * is a plain anchor styled as a button; `panel:<name>` becomes a PanelButton island. `variant` is a
 * brand variant name, drawn as the theme defines it; other props override it.
 */
export function ActionButton({
  action,
  variant,
  ...overrides
}: { action: Action; variant: ButtonVariantName } & Omit<ButtonProps, 'children' | 'variant'>) {
  const buttonProps = { ...(resolvedTheme.other.buttonVariants[variant] as Partial<ButtonProps>), ...overrides };
  if (action.href.startsWith('panel:')) {
    const props: PanelButtonProps = {
      ...buttonProps,
      panel: action.href.slice(6) as PanelName,
      label: action.label,
      placement: action.placement,
    };
    return <Island name="PanelButton" hydrate="interaction" props={props} />;
  }
  return (
    <Button component={SiteLink} href={action.href} {...buttonProps}>
      {action.label}
    </Button>
  );
}
