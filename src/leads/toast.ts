/** Shows one toast; the spec allows one visible at a time, so the newest replaces whatever is shown or queued. */
import { notifications, type NotificationsProps } from '@mantine/notifications';
import type { ComponentType } from 'react';

export type ToastListProps = NotificationsProps;

let loading: Promise<ComponentType<ToastListProps>> | undefined;
/** Fetches the toast list's code (once; again after a failure). Forms call it as they send, ahead of their toast. */
export const loadToastList = () =>
  (loading ??= import('./ToastList').then((m) => m.ToastList).catch((error: unknown) => {
    loading = undefined;
    throw error;
  }));

export type ToastTone = 'success' | 'error';

export function showToast({ title, message, tone }: { title: string; message: string; tone: ToastTone }) {
  notifications.clean();
  // 'error' is the spec's destructive toast.
  notifications.show({ title, message, color: tone === 'error' ? 'red' : 'brand', withBorder: true });
}
