/**
 * The toast region (spec section 9): bottom right, one toast at a time, 5000 ms,
 * paused while hovered (Mantine), while focus is inside it or while the page is
 * hidden (here), labelled 'Notifications' and focused with Alt+T (toast-hotkey.ts).
 * An island woken by the first toast: pages where no toast is shown never load it.
 */
import { useDocumentVisibility, useMounted } from '@mantine/hooks';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useRef, useState, type FocusEvent } from 'react';
import { retryWithBackoff } from '../lib/backoff';
import { toastListCode } from './toast';
import { TOAST_REGION_ATTR } from './toast-hotkey';
import { useSiteData } from '../site/site-data';

const TOAST_DURATION_MS = 5000;

/** Mantine's toast list (with its transitions); a form starts fetching it as it sends (prepareToasts). */
const ToastList = lazy(() => retryWithBackoff(toastListCode.load).then((component) => ({ default: component })));

export function Toaster() {
  const siteData = useSiteData();
  const regionRef = useRef<HTMLElement>(null);
  const [focusInside, setFocusInside] = useState(false);
  const pageHidden = useDocumentVisibility() === 'hidden';
  // The first render is the empty region, as on the server; the list mounts right after, and once
  // its code is here it stays mounted (its toasts keep their exit transitions).
  const mounted = useMounted();
  const hasToasts = useNotifications().notifications.length > 0;
  const showList = mounted && (hasToasts || toastListCode.loaded() !== undefined);

  // Alt+T may have put focus in the region before this island hydrated.
  useEffect(() => {
    if (regionRef.current?.contains(document.activeElement)) setFocusInside(true);
  }, []);

  const leave = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusInside(false);
  };

  // Switching autoClose off cancels the running timer; switching it back on starts a full 5000 ms again.
  const paused = focusInside || pageHidden;
  return (
    // data-paused shows the timer state (tests wait on it before moving a fake clock).
    <section
      ref={regionRef}
      aria-label={siteData.config.toasts.regionLabel}
      tabIndex={-1}
      {...{ [TOAST_REGION_ATTR]: '' }}
      data-paused={paused || undefined}
      onFocus={() => setFocusInside(true)}
      onBlur={leave}
    >
      {showList && (
        <Suspense fallback={null}>
          <ToastList
            position="bottom-right"
            limit={1}
            autoClose={paused ? false : TOAST_DURATION_MS}
            withinPortal={false}
            closeLabel={siteData.config.toasts.closeLabel}
          />
        </Suspense>
      )}
    </section>
  );
}
