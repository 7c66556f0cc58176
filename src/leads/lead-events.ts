/**
 * Lead-capture state shared by the chat placements, so the exit dialog can stay
 * away from visitors who are already talking to us or have left their email.
 */
const LEAD_SUBMITTED_KEY = 'reachwell:lead-submitted';

/** Remembers (across visits) that this visitor has submitted an email. Call after a successful submission. */
export function markLeadSubmitted() {
  try {
    window.localStorage.setItem(LEAD_SUBMITTED_KEY, new Date().toISOString());
  } catch {
    // Storage can be unavailable (private mode, disabled cookies): the exit dialog may then show once more.
  }
}

export function hasSubmittedLead(): boolean {
  try {
    return window.localStorage.getItem(LEAD_SUBMITTED_KEY) !== null;
  } catch {
    return false;
  }
}

/** True while a chat panel, drawer or any other modal dialog (menu, video) is open. */
export function isChatPanelOrDialogOpen(): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"]') !== null;
}
