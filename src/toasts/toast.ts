/** Shows one toast; the spec allows one visible at a time, so the newest replaces whatever is shown or queued. */
import { notifications } from '@mantine/notifications';
import type { ComponentType } from 'react';
import { wakeIslands } from '../hydration/triggers';
import { loadOnce } from '../lib/load-once';
import type { ToastListProps } from './ToastList';

/** The toast region's island (src/islands.ts): it hydrates only when a toast is on its way. */
const TOASTER_ISLAND = 'Toaster';

/** The toast list's code (see Toaster). */
export const toastListCode = loadOnce<ComponentType<ToastListProps>>(() => import('./ToastList').then((m) => m.ToastList));

/** A toast will follow soon (a form is sending): wake the region and fetch the list's code ahead of it. */
export function prepareToasts() {
  wakeIslands(TOASTER_ISLAND);
  toastListCode.load().catch(() => undefined); // offline: the toast itself tries again
}

export type ToastTone = 'success' | 'error';

export function showToast({ title, message, tone }: { title: string; message: string; tone: ToastTone }) {
  wakeIslands(TOASTER_ISLAND);
  notifications.clean();
  // 'error' is the spec's destructive toast.
  notifications.show({
    title,
    message,
    color: tone === 'error' ? 'red' : 'brand',
    withBorder: true,
  });
}
