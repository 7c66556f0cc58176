/**
 * The toast region (spec section 9): bottom right, one toast at a time, 5000 ms,
 * paused while hovered (Mantine), while focus is inside it or while the page is
 * hidden (here), labelled 'Notifications' and focused with Alt+T (toast-hotkey.ts).
 * An island woken by the first toast: pages where no toast is shown never load it.
 */
import { useDocumentVisibility } from '@mantine/hooks';
import { useNotifications } from '@mantine/notifications';
import { useEffect, useRef, useState, type ComponentType, type FocusEvent } from 'react';
import siteData from 'virtual:site-data';
import { toastListCode, type ToastListProps } from './toast';
import { TOAST_REGION_ATTR } from './toast-hotkey';

export const TOAST_DURATION_MS = 5000;

export function Toaster() {
  const regionRef = useRef<HTMLElement>(null);
  const [focusInside, setFocusInside] = useState(false);
  const pageHidden = useDocumentVisibility() === 'hidden';
  const ToastList = useToastList();

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
      {ToastList && <ToastList position="bottom-right" limit={1} autoClose={paused ? false : TOAST_DURATION_MS} withinPortal={false} />}
    </section>
  );
}

/**
 * Mantine's toast list (with its transitions) is fetched when the first toast is shown, or
 * earlier when a form starts sending (see toastListCode); until then the region is empty.
 * The store keeps the toast meanwhile, and the list shows it as soon as it mounts. The first
 * render is always the empty region, as on the server, even when the list's code is already here.
 */
function useToastList() {
  const [ToastList, setToastList] = useState<ComponentType<ToastListProps>>();
  const waiting = (useNotifications().notifications.length > 0 || toastListCode.loaded() !== undefined) && !ToastList;
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    toastListCode.load().then(
      (component) => live && setToastList(() => component),
      () => undefined, // offline: the next toast tries again
    );
    return () => {
      live = false;
    };
  }, [waiting]);
  return ToastList;
}
