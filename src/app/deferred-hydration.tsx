import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { loadOnce } from '../ui/load-once';
import { initialHydrationEnded, isInitialHydration } from './initial-hydration';
import classes from './KeepServerHtml.module.css';

/** What lets a deferred part load: any of those given. */
export interface HydrationTriggers {
  /** It comes within this distance of the screen (an IntersectionObserver rootMargin, e.g. '600px'). */
  near?: string;
  /** The visitor points at it, touches it or moves focus into it. */
  intent?: boolean;
  /** The visitor presses Tab anywhere: keyboard users then reach it before they can act on it. */
  keyboard?: boolean;
}

const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

/** Every deferred part's loader, so the prerenderer can load them all before rendering synchronously. */
const serverPreloads: (() => Promise<unknown>)[] = [];
export const preloadDeferredParts = () => Promise.all(serverPreloads.map((preload) => preload()));

/**
 * Deferred hydration. On a prerendered page the part keeps its server HTML (React leaves a
 * suspended Suspense boundary dehydrated, and the markup is already right) and its code is
 * fetched only when a trigger fires; React then hydrates it in place. Nothing is replaced, so
 * focus stays where it was, and React replays the hover and focus that happened meanwhile.
 * Clicks, keys and submits that come before the code are held and replayed once it is
 * interactive. Mounted later (client-side navigation) it loads at once. A failed download
 * leaves the server HTML in place and is tried again, less and less often.
 *
 * The wrapper gets `data-hydrated` when the part is interactive (tests wait on it).
 */
export function deferHydration<P extends object>(name: string, load: () => Promise<ComponentType<P>>, triggers: HydrationTriggers) {
  const code = loadOnce(load);
  serverPreloads.push(code.load);

  return function Deferred(props: P) {
    const wrapper = useRef<HTMLDivElement>(null);
    const [gate] = useState(() => (isInitialHydration() && !code.loaded() ? openGate() : null));
    const [LazyPart] = useState(() =>
      code.loaded()
        ? null
        : lazy(async () => {
            if (import.meta.env.SSR) throw new Error(`Deferred part ${name} was rendered before preloadDeferredParts()`);
            // A navigation also opens the gate: React would hold its transition until every
            // dehydrated part it updates (a link reading the location) has hydrated.
            await Promise.race([gate?.opened, initialHydrationEnded]);
            for (let attempt = 0; ; attempt++) {
              try {
                return { default: await code.load() };
              } catch {
                await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * 2 ** attempt, 30_000)));
              }
            }
          }),
    );
    const held = useRef<ReturnType<typeof holdActivations> | null>(null);
    useEffect(() => {
      if (!gate) return;
      held.current = holdActivations(wrapper.current!, gate.open);
      const stopWatching = watchTriggers(wrapper.current!, triggers, gate.open);
      return () => {
        stopWatching();
        held.current?.release(false);
      };
    }, [gate]);

    const Part = LazyPart ?? code.loaded()!;
    return (
      <div ref={wrapper} className={classes.wrapper} data-deferred={name}>
        <Suspense>
          <Part {...props} />
          <AfterHydration
            run={() => {
              held.current?.release(true);
              wrapper.current?.setAttribute('data-hydrated', '');
            }}
          />
        </Suspense>
      </div>
    );
  };
}

/** Renders nothing; its effect runs once the part (its earlier sibling) has committed and run its own effects. */
function AfterHydration({ run }: { run: () => void }) {
  const [once] = useState(() => run);
  useEffect(once, [once]);
  return null;
}

/** Keys a part's own code answers (menus, accordions, carousels): held on a control until it hydrates. */
const HELD_KEYS = new Set(['Enter', ' ', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

/**
 * Until released, holds back what the visitor does inside the element before its code is there
 * (a click, a key above outside a text field, a form submission), so the browser does not act on
 * it half-built (follow a link instead of scrolling, submit a form as a page load), and asks for
 * the code. `release(true)` replays them, in order, on the same elements.
 */
function holdActivations(element: HTMLElement, wanted: () => void) {
  const replays: (() => void)[] = [];
  const hold = (event: Event) => {
    const target = event.target;
    if (!(target instanceof HTMLElement) || !element.contains(target)) return;
    if (event instanceof KeyboardEvent && (!HELD_KEYS.has(event.key) || target.matches('input, textarea, select'))) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    replays.push(replayOf(event, target, element));
    wanted();
  };
  const types = ['click', 'keydown', 'submit'] as const;
  types.forEach((type) => window.addEventListener(type, hold, true));
  return {
    release(replay: boolean) {
      types.forEach((type) => window.removeEventListener(type, hold, true));
      if (replay) replays.forEach((run) => run());
      replays.length = 0;
    },
  };
}

/**
 * How to do a held event again once the part is interactive. Keys go to whatever has focus in
 * the part by then (an earlier key may have moved it, as it would have), clicks to their control.
 */
function replayOf(event: Event, target: HTMLElement, part: HTMLElement): () => void {
  if (target instanceof HTMLFormElement) return () => target.isConnected && target.requestSubmit();
  const control = (at: HTMLElement) => (at.closest('a, button, [role="button"]') as HTMLElement | null) ?? at;
  if (!(event instanceof KeyboardEvent)) return () => target.isConnected && control(target).click();
  const focused = () => (document.activeElement instanceof HTMLElement && part.contains(document.activeElement) ? document.activeElement : target);
  // Enter and Space are a control's click; the other keys are the part's own to answer.
  if (event.key === 'Enter' || event.key === ' ') return () => control(focused()).click();
  const { key, code, shiftKey, ctrlKey, altKey, metaKey } = event;
  return () => focused().dispatchEvent(new KeyboardEvent('keydown', { key, code, shiftKey, ctrlKey, altKey, metaKey, bubbles: true, cancelable: true }));
}

function openGate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Calls `fire` on the first trigger and stops watching; returns the cleanup. */
function watchTriggers(element: HTMLElement, { near, intent, keyboard }: HydrationTriggers, fire: () => void): () => void {
  const cleanups: (() => void)[] = [];
  const stop = () => cleanups.forEach((cleanup) => cleanup());
  const once = () => {
    stop();
    fire();
  };
  if (near !== undefined) {
    // The wrapper has no box of its own (display: contents): watch what it holds.
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && once(), { rootMargin: near });
    [...element.children].forEach((child) => observer.observe(child));
    cleanups.push(() => observer.disconnect());
  }
  if (intent) {
    // On the window, capturing: React stops the events it queues for replay at the root, before they reach the part.
    const onIntent = (event: Event) => element.contains(event.target as Node | null) && once();
    INTENT_EVENTS.forEach((type) => window.addEventListener(type, onIntent, { capture: true, passive: true }));
    cleanups.push(() => INTENT_EVENTS.forEach((type) => window.removeEventListener(type, onIntent, { capture: true })));
  }
  if (keyboard) {
    const onKey = (event: KeyboardEvent) => event.key === 'Tab' && once();
    document.addEventListener('keydown', onKey);
    cleanups.push(() => document.removeEventListener('keydown', onKey));
  }
  return stop;
}
