import { createElement, Suspense, use, useEffect, useLayoutEffect, useState, type ComponentType } from 'react';
import { loadOnce } from '../lib/load-once';

/**
 * Wraps an interaction-only overlay (drawer, dialog) so its code is fetched the first time it
 * opens, not with the page. Once opened it stays mounted, so closing keeps its exit transition and
 * gives focus back to what opened it. `preload()` fetches the code early, e.g. when the pointer
 * reaches the button that opens it.
 */
export function lazyWhenOpened<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>) {
  const code = loadOnce(async () => opensAfterMount(await load()));
  /**
   * Always one `use()` of the one download: React requires a component that suspended on `use()` to call it again
   * when it retries (reading `loaded()` instead logged "did not call use() when it finished" whenever the click came
   * before a preload had finished). Already fetched (preloaded), the promise is marked settled, as React marks the
   * promises it has seen, so it renders at once without suspending.
   */
  function Overlay(props: P) {
    return createElement(use(settledWhenLoaded(code.load(), code.loaded())), props);
  }
  function LazyWhenOpened(props: P) {
    const [used, setUsed] = useState(props.opened);
    useEffect(() => {
      if (props.opened) setUsed(true);
    }, [props.opened]);
    if (!used && !props.opened) return null;
    // One tree whether the code was there or not: a tree that changed shape once the code arrived
    // would remount the overlay, which then forgets what to give focus back to.
    return (
      <Suspense fallback={null}>
        <Overlay {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyWhenOpened, { preload: () => void code.load().catch(() => undefined) });
}

type ReactThenable<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T };

/** Marks a promise that has resolved as React's `use()` reads it, so `use()` returns its value synchronously. */
function settledWhenLoaded<T>(promise: Promise<T>, value: T | undefined): Promise<T> {
  const thenable = promise as ReactThenable<T>;
  if (value !== undefined && thenable.status !== 'fulfilled') Object.assign(thenable, { status: 'fulfilled', value });
  return thenable;
}

/**
 * Mantine's overlays remember what had focus (to give it back on close) only when `opened` changes
 * after they mounted (useFocusReturn); one mounted already open would drop focus to the page on
 * close. So the overlay mounts closed and opens in a layout effect, before the browser paints.
 */
function opensAfterMount<P extends { opened: boolean }>(Overlay: ComponentType<P>) {
  return function OpensAfterMount(props: P) {
    const [mounted, setMounted] = useState(false);
    useLayoutEffect(() => setMounted(true), []); // one extra render, on purpose (see above)
    return createElement(Overlay, { ...props, opened: props.opened && mounted });
  };
}
