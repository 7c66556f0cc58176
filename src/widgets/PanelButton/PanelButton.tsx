import { Button, type ButtonProps } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { PanelName } from '../../engine/model/links';
import { MOBILE_MEDIA_QUERY } from '../../theme/breakpoints';
import { LazyChatDrawer, MOBILE_FOCUS_DELAY_MS } from '../ChatDrawer/lazy-chat-drawer';
import { lazyWhenOpened } from '../lazy-when-opened';

const LazyVideoDialog = lazyWhenOpened(() => import('../VideoDialog/VideoDialog').then((m) => m.VideoDialog));

export interface PanelButtonProps extends Omit<ButtonProps, 'children'> {
  /** Which panel it opens: the chat drawer or the explainer video. */
  panel: PanelName;
  label: string;
  /** Chat only: where the chat started, recorded with the lead. */
  placement?: string;
}

/** Default placement of a chat started from a page's button (the home widget, footer and exit dialog have their own). */
const DEFAULT_CHAT_PLACEMENT = 'chat-drawer';

/**
 * A button that opens one of the site's panels: a page document names it with `panel:chat` or
 * `panel:video`. An island that hydrates on intent; the panel's code loads as the pointer reaches the
 * button, and a press made before then is held and acted on.
 */
export function PanelButton({ panel, label, placement = DEFAULT_CHAT_PLACEMENT, ...buttonProps }: PanelButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY, false, { getInitialValueInEffect: true });
  const preload = panel === 'chat' ? LazyChatDrawer.preload : LazyVideoDialog.preload;
  return (
    <>
      <Button {...buttonProps} onClick={open} onPointerEnter={preload} onFocus={preload} aria-haspopup="dialog" aria-expanded={opened}>
        {label}
      </Button>
      {panel === 'chat' ? (
        <LazyChatDrawer
          opened={opened}
          onClose={close}
          placement={placement}
          variant="chat"
          initialFocusDelayMs={isMobile ? MOBILE_FOCUS_DELAY_MS : undefined}
        />
      ) : (
        <LazyVideoDialog opened={opened} onClose={close} />
      )}
    </>
  );
}
