/**
 * The toast region (spec section 9): bottom right, one toast at a time, 5000 ms,
 * paused while hovered (Mantine), while focus is inside it or while the page is
 * hidden (here), labelled 'Notifications' and focused with Alt+T.
 */
import { Notifications } from '@mantine/notifications';
import { useDocumentVisibility, useWindowEvent } from '@mantine/hooks';
import { useRef, useState, type FocusEvent } from 'react';
import siteData from 'virtual:site-data';

export const TOAST_DURATION_MS = 5000;

export function Toaster() {
  const regionRef = useRef<HTMLElement>(null);
  const [focusInside, setFocusInside] = useState(false);
  const pageHidden = useDocumentVisibility() === 'hidden';

  useWindowEvent('keydown', (event) => {
    // `code`, not `key`: Alt+T types a different character on some layouts (macOS gives '†').
    if (event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyT') {
      event.preventDefault();
      regionRef.current?.focus();
    }
  });

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
      data-paused={paused || undefined}
      onFocus={() => setFocusInside(true)}
      onBlur={leave}
    >
      <Notifications position="bottom-right" limit={1} autoClose={paused ? false : TOAST_DURATION_MS} withinPortal={false} />
    </section>
  );
}
