import { Button } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconMessageCircle } from '@tabler/icons-react';
import { MOBILE_MEDIA_QUERY } from '../../theme/breakpoints';
import { LazyChatDrawer as ChatDrawer, MOBILE_FOCUS_DELAY_MS } from '../../widgets/ChatDrawer/lazy-chat-drawer';
import type { FloatingChatBlock } from './schema';
import { LABEL_ROTATES_ATTR } from './rotating-label-wake';
import { useRotatingLabel } from './useRotatingLabel';
import { useScrolledPast } from './useScrolledPast';
import classes from './FloatingChat.module.css';
import { useSiteData } from '../../site/site-data';

/** Spec: on mobile the button appears only after the page is scrolled more than 200 px. */
const MOBILE_SCROLL_THRESHOLD_PX = 200;

/**
 * The floating 'Try It Now' button and the chat drawer it opens. Hidden on mobile
 * until scrolled past the threshold (by CSS, so the prerendered markup is right
 * before hydration); always shown on wider screens. Its island starts on the visitor's first input, or at once
 * when the label rotates (rotating-label-wake.ts).
 */
export function FloatingChat(_: FloatingChatBlock) {
  const siteData = useSiteData();
  const { labels } = siteData.config.header.tryItNow;
  const label = useRotatingLabel(labels);
  const scrolled = useScrolledPast(MOBILE_SCROLL_THRESHOLD_PX);
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY, false, { getInitialValueInEffect: true });
  const [opened, { open, close }] = useDisclosure(false);

  return (
    <>
      <Button
        className={classes.button}
        data-scrolled={scrolled || undefined}
        {...{ [LABEL_ROTATES_ATTR]: labels.length > 1 || undefined }}
        onClick={open}
        // The drawer's code loads on the way to a click, so it is usually there when the panel opens.
        onPointerEnter={ChatDrawer.preload}
        onFocus={ChatDrawer.preload}
        onTouchStart={ChatDrawer.preload}
        size="lg"
        radius="xl"
        leftSection={<IconMessageCircle size={20} aria-hidden />}
        aria-haspopup="dialog"
        aria-expanded={opened}
      >
        {label}
      </Button>
      <ChatDrawer
        opened={opened}
        onClose={close}
        placement="home-widget"
        variant="chat"
        initialFocusDelayMs={isMobile ? MOBILE_FOCUS_DELAY_MS : undefined}
      />
    </>
  );
}
