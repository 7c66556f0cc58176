import { createElement, lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

/**
 * Wraps an interaction-only overlay (drawer, dialog) so its code is fetched the first time it
 * opens, not with the page. Once opened it stays mounted, so closing keeps its exit transition.
 * `preload()` fetches the code early, e.g. when the pointer reaches the button that opens it.
 */
export function lazyWhenOpened<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    (loading ??= load().then((component) => (loaded = component)).catch((error: unknown) => {
      loading = undefined; // a failed download is tried again on the next attempt
      throw error;
    }));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function LazyWhenOpened(props: P) {
    const [used, setUsed] = useState(props.opened);
    useEffect(() => {
      if (props.opened) setUsed(true);
    }, [props.opened]);
    if (!used && !props.opened) return null;
    // Already fetched (preloaded): render it at once, without a Suspense round that React reveals late.
    if (loaded) return createElement(loaded, props);
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyWhenOpened, { preload: () => void preload().catch(() => undefined) });
}
