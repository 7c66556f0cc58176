/** When each hydration mode fires (see README.md). Each watcher calls `fire` once and returns its cleanup. */
import { ISLAND_ATTR, NEAR_SCREEN_PX, type HydrationMode } from './modes';

const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;
/** The visitor's first input anywhere on the page: React starts for 'first-input' islands only once the visitor acts. */
const FIRST_INPUT_EVENTS = ['scroll', 'wheel', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
const WAKE_EVENT = 'islands:wake';

/** Asks every island of that name to hydrate now, whatever its mode (e.g. the toast region when a toast is shown). */
export function wakeIslands(name: string) {
  window.dispatchEvent(new CustomEvent<string>(WAKE_EVENT, { detail: name }));
}

/** Whether the page has an island of that name (plain scripts that wake one check first). */
export const pageHasIsland = (name: string) => document.querySelector(`[${ISLAND_ATTR.name}="${name}"]`) !== null;

/** Calls `fire` once when the island's mode says so, or when it is woken by name. */
export function watchTrigger(container: HTMLElement, name: string, mode: HydrationMode, fire: () => void): () => void {
  const cleanups: (() => void)[] = [];
  const stop = () => cleanups.splice(0).forEach((cleanup) => cleanup());
  let fired = false;
  // A microtask queued at start (a 'load' island, a pointer already on it) may still run after a wake fired it.
  const once = () => {
    if (fired) return;
    fired = true;
    stop();
    fire();
  };

  const onWake = (event: Event) => (event as CustomEvent<string>).detail === name && once();
  window.addEventListener(WAKE_EVENT, onWake);
  cleanups.push(() => window.removeEventListener(WAKE_EVENT, onWake));

  if (mode === 'load') queueMicrotask(once);
  if (mode === 'first-input') cleanups.push(onFirstInput(once));
  if (mode === 'visible') cleanups.push(whenNearScreen(container, once));
  // A pointer merely resting on a 'first-input' island is no input: Chromium counts one at (0, 0) as hovering the
  // banner at the top, which would start React at load, the very task that mode exists to avoid.
  if (mode === 'first-input' || mode === 'visible' || mode === 'interaction')
    cleanups.push(onIntent(container, once, { countPresent: mode !== 'first-input' }));
  return stop;
}

/** The container has no box of its own (display: contents): watch what it holds. One that holds nothing loads at once. */
function whenNearScreen(container: HTMLElement, fire: () => void): () => void {
  const children = [...container.children];
  if (!children.length) {
    queueMicrotask(fire);
    return () => undefined;
  }
  const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && fire(), {
    rootMargin: `${NEAR_SCREEN_PX}px 0px`,
  });
  children.forEach((child) => observer.observe(child));
  return () => observer.disconnect();
}

/**
 * The visitor points at it, touches it or moves focus into it: on the window, capturing, before anything can stop the
 * event. The runtime starts after the first paint, so the pointer may already rest on the island, or focus be in it,
 * when this starts watching: no event would come for that (pointerover fires on entering), so it counts at once
 * (`countPresent`).
 */
function onIntent(container: HTMLElement, fire: () => void, { countPresent }: { countPresent: boolean }): () => void {
  if (countPresent && (container.querySelector(':hover') || container.contains(document.activeElement))) {
    queueMicrotask(fire);
    return () => undefined;
  }
  const listener = (event: Event) => container.contains(event.target as Node | null) && fire();
  INTENT_EVENTS.forEach((type) => window.addEventListener(type, listener, { capture: true, passive: true }));
  return () => INTENT_EVENTS.forEach((type) => window.removeEventListener(type, listener, { capture: true }));
}

/**
 * The visitor scrolls, presses, touches, types or moves focus anywhere on the page; a page that is already scrolled
 * (a restored position, an anchor) counts as scrolled. On the window, capturing, before anything can stop the event.
 */
function onFirstInput(fire: () => void): () => void {
  if (window.scrollY > 0) {
    queueMicrotask(fire);
    return () => undefined;
  }
  FIRST_INPUT_EVENTS.forEach((type) => window.addEventListener(type, fire, { capture: true, passive: true }));
  return () => FIRST_INPUT_EVENTS.forEach((type) => window.removeEventListener(type, fire, { capture: true }));
}
