import { Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import siteData from 'virtual:site-data';
import { ChatForm } from '../../chrome/ChatForm/ChatForm';
import { DIALOG_HEADER_IS_NOT_A_BANNER } from '../../chrome/dialog-header';
import { hasSubmittedLead, isChatPanelOrDialogOpen } from '../../chrome/lead-events';
import type { ExitDialogBlock } from './schema';

/** Spec: the exit dialog opens 600000 ms (10 minutes) after load. */
export const EXIT_DIALOG_DELAY_MS = 600_000;
const SHOWN_KEY = 'reachwell:exit-dialog-shown';

function wasShown(): boolean {
  try {
    return window.localStorage.getItem(SHOWN_KEY) !== null;
  } catch {
    return false;
  }
}

function markShown() {
  try {
    window.localStorage.setItem(SHOWN_KEY, new Date().toISOString());
  } catch {
    // Without storage the dialog can show again on a later visit; nothing else depends on it.
  }
}

/** Once-only timed dialog with the email form; never shown over another dialog or to a visitor who already left an email. */
export function ExitDialog(_: ExitDialogBlock) {
  const { title, description, closeLabel } = siteData.config.exitDialog;
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (wasShown() || hasSubmittedLead() || isChatPanelOrDialogOpen()) return;
      markShown();
      setOpened(true);
    }, EXIT_DIALOG_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <Modal opened={opened} onClose={close} title={title} centered closeButtonProps={{ 'aria-label': closeLabel }}
      attributes={DIALOG_HEADER_IS_NOT_A_BANNER}>
      <Text c="gray.7" mb="md">
        {description}
      </Text>
      <ChatForm variant="subscribe" placement="exit-dialog" onSuccess={close} />
    </Modal>
  );
}
