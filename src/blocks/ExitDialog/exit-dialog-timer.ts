import { pageHasIsland, wakeIslands } from '../../hydration/triggers';
import { hasSubmittedLead, isChatPanelOrDialogOpen } from '../../leads/lead-events';

/** Spec: the exit dialog opens 600000 ms (10 minutes) after load. */
const EXIT_DIALOG_DELAY_MS = 600_000;
/** Its island (React) starts this long before, so the dialog opens on time rather than after React's start-up. */
const WAKE_EARLY_MS = 5_000;
const SHOWN_KEY = 'reachwell:exit-dialog-shown';

let due = false;
const whenDue = new Set<() => void>();

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

/**
 * The exit dialog's clock, without React: the dialog's island is woken shortly before the dialog is due, so React does
 * not start at load for a timer. Counted from the page's load (navigation start). Once only, never over another dialog
 * nor for a visitor who already left an email. Returns how to stop (a preview that swaps the page's HTML starts it again:
 * still counted from the page's load).
 */
export function startExitDialogTimer(): () => void {
  // Due already: shown once in this document, whatever HTML a preview has swapped in since (storage may not remember).
  if (due || !pageHasIsland('ExitDialog')) return () => undefined;
  const after = (ms: number) => Math.max(0, ms - performance.now());
  const wakeTimer = window.setTimeout(
    () => {
      if (!wasShown() && !hasSubmittedLead()) wakeIslands('ExitDialog');
    },
    after(EXIT_DIALOG_DELAY_MS - WAKE_EARLY_MS),
  );
  const openTimer = window.setTimeout(() => {
    if (wasShown() || hasSubmittedLead() || isChatPanelOrDialogOpen()) return;
    markShown();
    due = true;
    whenDue.forEach((open) => open());
    wakeIslands('ExitDialog');
  }, after(EXIT_DIALOG_DELAY_MS));
  return () => {
    window.clearTimeout(wakeTimer);
    window.clearTimeout(openTimer);
  };
}

/** Calls `open` when the dialog is due (at once if it already is); returns the unsubscribe. */
export function onExitDialogDue(open: () => void): () => void {
  if (due) {
    open();
    return () => undefined;
  }
  whenDue.add(open);
  return () => whenDue.delete(open);
}
