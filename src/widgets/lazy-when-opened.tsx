import { createElement, lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { loadOnce } from '../lib/load-once';

/**
 * Wraps an interaction-only overlay (drawer, dialog) so its code is fetched the first time it
 * opens, not with the page. Once opened it stays mounted, so closing keeps its exit transition.
 * `preload()` fetches the code early, e.g. when the pointer reaches the button that opens it.
 */
export function lazyWhenOpened<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>) {
  const code = loadOnce(load);
  const Lazy = lazy(async () => ({ default: await code.load() }));
  function LazyWhenOpened(props: P) {
    const [used, setUsed] = useState(props.opened);
    useEffect(() => {
      if (props.opened) setUsed(true);
    }, [props.opened]);
    if (!used && !props.opened) return null;
    // Already fetched (preloaded): render it at once, without a Suspense round that React reveals late.
    const loaded = code.loaded();
    if (loaded) return createElement(loaded, props);
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyWhenOpened, { preload: () => void code.load().catch(() => undefined) });
}
