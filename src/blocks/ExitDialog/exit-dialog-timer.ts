import { pageHasIsland, wakeIslands } from '../../hydration/triggers';
import { hasSubmittedLead, isChatPanelOrDialogOpen } from '../../leads/lead-events';

/** Spec: the exit dialog opens 600000 ms (10 minutes) after load. */
const EXIT_DIALOG_DELAY_MS = 600_000;
/** Its island (React) starts this long before, so the dialog opens on time rather than after React's start-up. */
const WAKE_EARLY_MS = 5_000;
const SHOWN_KEY = 'reachwell:exit-dialog-shown';

let due = false;
/** Due and not closed since: open, in this document, whatever HTML a preview has swapped in. */
let open = false;
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
  if (!pageHasIsland('ExitDialog')) return () => undefined;
  // Due already: shown once in this document, whatever HTML a preview has swapped in since (storage may not remember).
  // Still open then (a save re-rendered the preview under it, the dialog's own words perhaps): the new HTML's opens too.
  if (due) {
    if (open) wakeIslands('ExitDialog');
    return () => undefined;
  }
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
    open = true;
    whenDue.forEach((show) => show());
    wakeIslands('ExitDialog');
  }, after(EXIT_DIALOG_DELAY_MS));
  return () => {
    window.clearTimeout(wakeTimer);
    window.clearTimeout(openTimer);
  };
}

/** Calls `show` when the dialog is due (at once if it already is and is still open); returns the unsubscribe. */
export function onExitDialogDue(show: () => void): () => void {
  if (due) {
    if (open) show();
    return () => undefined;
  }
  whenDue.add(show);
  return () => whenDue.delete(show);
}

/** The visitor closed the dialog (or left their email in it): a preview's next HTML does not open it again. */
export function exitDialogClosed() {
  open = false;
}
