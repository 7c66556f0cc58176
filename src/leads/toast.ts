/** Shows one toast; the spec allows one visible at a time, so the newest replaces whatever is shown or queued. */
import { notifications, type NotificationsProps } from '@mantine/notifications';
import type { ComponentType } from 'react';
import { loadOnce } from '../ui/load-once';

export type ToastListProps = NotificationsProps;

/** The toast list's code (see Toaster). Forms start fetching it as they send, ahead of their toast. */
export const toastListCode = loadOnce<ComponentType<ToastListProps>>(() => import('./ToastList').then((m) => m.ToastList));

export type ToastTone = 'success' | 'error';

export function showToast({ title, message, tone }: { title: string; message: string; tone: ToastTone }) {
  notifications.clean();
  // 'error' is the spec's destructive toast.
  notifications.show({ title, message, color: tone === 'error' ? 'red' : 'brand', withBorder: true });
}
