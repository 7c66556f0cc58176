import { useThrottledCallback } from '@mantine/hooks';
import { useCallback, useRef, useSyncExternalStore } from 'react';

/** Spec: scroll handling is throttled to about 16 ms (one frame). */
const SCROLL_THROTTLE_MS = 16;
/** The scroll position can change in these without a scroll event reaching the page. */
const RECHECK_EVENTS = ['pageshow', 'popstate'] as const;

/**
 * Whether the page is scrolled more than `threshold` px. Re-evaluated on scroll (throttled), when the
 * tab becomes visible again, on return from the back/forward cache and on history navigation. False
 * on the server and while hydrating, then the page's own (an external store: React reads it when told).
 */
export function useScrolledPast(threshold: number): boolean {
  const changed = useRef<() => void>(() => undefined);
  const onScroll = useThrottledCallback(() => changed.current(), SCROLL_THROTTLE_MS);
  const subscribe = useCallback(
    (onChange: () => void) => {
      changed.current = onChange;
      const onVisibility = () => document.visibilityState === 'visible' && onChange();
      window.addEventListener('scroll', onScroll, { passive: true });
      RECHECK_EVENTS.forEach((type) => window.addEventListener(type, onChange));
      document.addEventListener('visibilitychange', onVisibility);
      return () => {
        window.removeEventListener('scroll', onScroll);
        RECHECK_EVENTS.forEach((type) => window.removeEventListener(type, onChange));
        document.removeEventListener('visibilitychange', onVisibility);
      };
    },
    [onScroll],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.scrollY > threshold,
    () => false,
  );
}
