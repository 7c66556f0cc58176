import { useEffect, useState } from 'react';
import { hasSubmittedLead, isChatPanelOrDialogOpen } from '../../leads/lead-events';
import { lazyWhenOpened } from '../../widgets/lazy-when-opened';
import type { ExitDialogBlock } from './schema';

/** Spec: the exit dialog opens 600000 ms (10 minutes) after load. */
const EXIT_DIALOG_DELAY_MS = 600_000;
/** The dialog's code (Modal, focus trap, the form) loads only if the timer ever opens it. */
const ExitDialogPanel = lazyWhenOpened(() => import('./ExitDialogPanel').then((m) => m.ExitDialogPanel));

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
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);

  useEffect(() => {
    // Counted from the page's load (navigation start), not from when this island hydrated.
    const timer = window.setTimeout(
      () => {
        if (wasShown() || hasSubmittedLead() || isChatPanelOrDialogOpen()) return;
        markShown();
        setOpened(true);
      },
      Math.max(0, EXIT_DIALOG_DELAY_MS - performance.now()),
    );
    return () => window.clearTimeout(timer);
  }, []);

  return <ExitDialogPanel opened={opened} onClose={close} />;
}
