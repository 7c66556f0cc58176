import { Notification } from '@mantine/core';
import { useDrag } from '@mantine/hooks';
import { notifications, type NotificationData } from '@mantine/notifications';
import { useState } from 'react';
import classes from './SwipeableToast.module.css';

/** Spec section 9: a toast dragged sideways this far (px) is dismissed; a shorter drag springs back. */
const SWIPE_DISMISS_PX = 50;

/**
 * One toast: Mantine's Notification (title, message, close button), which the visitor can swipe away.
 * Mantine's own drag dismisses only past a third of the toast's width, so it is off (Toaster) and this
 * applies the spec's threshold, with Mantine's drag hook.
 */
export function SwipeableToast({ data, closeLabel }: { data: NotificationData; closeLabel: string }) {
  const [offset, setOffset] = useState(0);
  const hide = () => notifications.hide(data.id!);
  const { ref, active } = useDrag(
    (state) => {
      if (!state.last) return setOffset(state.movement[0]);
      if (Math.abs(state.movement[0]) >= SWIPE_DISMISS_PX) hide();
      else setOffset(0);
    },
    { axis: 'x', filterTaps: true },
  );
  return (
    <Notification
      ref={ref}
      title={data.title}
      color={data.color}
      withBorder={data.withBorder}
      closeButtonProps={{ 'aria-label': closeLabel }}
      onClose={hide}
      // The list's container is the alert that screen readers announce; the toast itself is not a second one.
      role="none"
      className={classes.toast}
      data-dragging={active || undefined}
      style={{ '--toast-offset': `${offset}px`, '--toast-fade': String(Math.min(Math.abs(offset) / 200, 0.6)) }}
    >
      {data.message}
    </Notification>
  );
}
