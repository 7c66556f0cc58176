import { Drawer, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useId, useRef } from 'react';
import { MOBILE_MEDIA_QUERY } from '../../theme/breakpoints';
import { ChatForm, type ChatFormVariant } from '../ChatForm/ChatForm';
import { DIALOG_HEADER_IS_NOT_A_BANNER } from '../dialog-header';
import { PhoneContact } from '../PhoneContact/PhoneContact';
import classes from './ChatDrawer.module.css';
import { useSiteData } from '../../site/site-data';

export interface ChatDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** Recorded with the lead: home-widget, industry-drawer, ... */
  placement: string;
  variant?: ChatFormVariant;
  /**
   * Focus the email field this long after opening (the spec's mobile 50 + 300 ms, so the
   * on-screen keyboard does not fight the slide-in). Without it the field is focused on open.
   */
  initialFocusDelayMs?: number;
}

/** Spec: 450px wide, full width below the 768 px breakpoint. */
const DRAWER_WIDTH = 450;

/** The right-side chat drawer: heading, availability, the email chat form and the phone alternative. */
export function ChatDrawer({ opened, onClose, placement, variant = 'chat', initialFocusDelayMs }: ChatDrawerProps) {
  const siteData = useSiteData();
  const { panelHeading, availability, closeLabel } = siteData.config.header.tryItNow;
  const phoneHeading = siteData.config.chatForms.phone.heading;
  const small = useMediaQuery(MOBILE_MEDIA_QUERY);
  const inputRef = useRef<HTMLInputElement>(null);
  const phoneHeadingId = useId();

  useEffect(() => {
    if (!opened || initialFocusDelayMs === undefined) return;
    const timer = window.setTimeout(() => inputRef.current?.focus(), initialFocusDelayMs);
    return () => window.clearTimeout(timer);
  }, [opened, initialFocusDelayMs]);

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={small ? '100%' : DRAWER_WIDTH}
      title={panelHeading}
      closeButtonProps={{ 'aria-label': closeLabel, radius: 'xl', size: 'lg' }}
      classNames={{ title: classes.title, close: classes.close }}
      attributes={DIALOG_HEADER_IS_NOT_A_BANNER}
      data-placement={placement}
    >
      <Stack gap="xl">
        <span className={classes.availability}>
          <span className={classes.dot} aria-hidden />
          <Text component="span" size="sm" fw={600} c="gray.8">
            {availability}
          </Text>
        </span>
        <ChatForm
          variant={variant}
          placement={placement}
          onSuccess={onClose}
          inputRef={inputRef}
          focusOnOpen={initialFocusDelayMs === undefined}
        />
        <section className={classes.phone} aria-labelledby={phoneHeadingId}>
          <Text id={phoneHeadingId} component="h3" fw={700} mb="xs">
            {phoneHeading}
          </Text>
          <PhoneContact />
        </section>
      </Stack>
    </Drawer>
  );
}
