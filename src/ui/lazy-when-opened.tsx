import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

/**
 * Wraps an interaction-only overlay (drawer, dialog) so its code is fetched the first time it
 * opens, not with the page. Once opened it stays mounted, so closing keeps its exit transition.
 */
export function lazyWhenOpened<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyWhenOpened(props: P) {
    const [used, setUsed] = useState(props.opened);
    useEffect(() => {
      if (props.opened) setUsed(true);
    }, [props.opened]);
    if (!used && !props.opened) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
