import { useThrottledCallback, useWindowEvent } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/** Spec: scroll handling is throttled to about 16 ms (one frame). */
const SCROLL_THROTTLE_MS = 16;

/**
 * Whether the page is scrolled more than `threshold` px. Re-evaluated on scroll,
 * when the tab becomes visible again, on return from the back/forward cache and on
 * history navigation: the scroll position can change in all of these without the
 * component re-rendering. False on the server and in the first render (hydration-safe).
 */
export function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  const evaluate = () => setScrolled(window.scrollY > threshold);
  const throttled = useThrottledCallback(evaluate, SCROLL_THROTTLE_MS);

  useEffect(evaluate, [threshold]);
  useWindowEvent('scroll', throttled, { passive: true });
  useWindowEvent('pageshow', evaluate);
  useWindowEvent('popstate', evaluate);
  useEffect(() => {
    const onVisibility = () => document.visibilityState === 'visible' && evaluate();
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  });
  return scrolled;
}
