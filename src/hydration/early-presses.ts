/**
 * What a visitor does inside an island before its code has arrived. Links are never touched: they
 * navigate at once, whatever the island's state. A press that needs the island's code (a button,
 * a key on a control, a form submission) is held back, so the browser does not act on a half-built
 * control (submit a form as a page load, toggle a checkbox React will not know about), and is done
 * again, in order, once the island is interactive.
 */

/** Keys an island's own code answers on its controls (menus, accordions, carousels). */
const HELD_KEYS = new Set(['Enter', ' ', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'Escape']);
/** Elements whose press needs code: anything that is not a link. */
const CONTROL =
  'button, [role="button"], [role="tab"], [role="menuitem"], [role="checkbox"], [role="switch"], input, label, select, summary';
const TEXT_FIELD =
  'input:not([type="checkbox"]):not([type="radio"]):not([type="button"]):not([type="submit"]), textarea, select, [contenteditable]';
const EVENT_TYPES = ['click', 'keydown', 'submit'] as const;

export interface HeldPresses {
  /** Stops holding; with `replay`, does every held press again. */
  release(replay: boolean): void;
}

/** Holds presses inside `container` until released; calls `wanted` on the first one (the island should load now). */
export function holdEarlyPresses(container: HTMLElement, wanted: () => void): HeldPresses {
  const replays: (() => void)[] = [];
  const hold = (event: Event) => {
    const target = event.target;
    if (!(target instanceof Element) || !container.contains(target)) return;
    const replay = replayOf(event, target, container);
    if (!replay) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    replays.push(replay);
    wanted();
  };
  EVENT_TYPES.forEach((type) => window.addEventListener(type, hold, true));
  return {
    release(replay) {
      EVENT_TYPES.forEach((type) => window.removeEventListener(type, hold, true));
      const held = replays.splice(0);
      if (replay) held.forEach((run) => run());
    },
  };
}

/** How to do the event again once the island is interactive; undefined for events that need no code. */
function replayOf(event: Event, target: Element, container: HTMLElement): (() => void) | undefined {
  if (target.closest('a[href]')) return undefined; // links navigate at once
  if (event.type === 'submit') return target instanceof HTMLFormElement ? () => target.isConnected && target.requestSubmit() : undefined;
  const control = target.closest<HTMLElement>(CONTROL);
  if (!control || !container.contains(control)) return undefined;
  if (event instanceof KeyboardEvent) {
    if (!HELD_KEYS.has(event.key) || target.matches(TEXT_FIELD)) return undefined;
    // Keys go to whatever has focus in the island by then (an earlier key may have moved it, as it would have).
    const focused = () =>
      document.activeElement instanceof HTMLElement && container.contains(document.activeElement) ? document.activeElement : control;
    if (event.key === 'Enter' || event.key === ' ') return () => focused().click();
    const { key, code, shiftKey, ctrlKey, altKey, metaKey } = event;
    return () =>
      focused().dispatchEvent(
        new KeyboardEvent('keydown', { key, code, shiftKey, ctrlKey, altKey, metaKey, bubbles: true, cancelable: true }),
      );
  }
  if (control.matches(TEXT_FIELD)) return undefined; // a click into a text field only places the caret
  return () => control.isConnected && control.click();
}

/**
 * After hydration: React attaches its listeners only now, so the pointer that is already over a
 * control (the hover that asked for the code) is announced again, and hover menus open.
 */
export function replayHover(container: HTMLElement) {
  const hovered = [...container.querySelectorAll(':hover')].at(-1);
  hovered?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, cancelable: true, relatedTarget: null }));
}
