/** Shows one toast; the spec allows one visible at a time, so the newest replaces whatever is shown or queued. */
import { notifications } from '@mantine/notifications';

export type ToastTone = 'success' | 'error';

export function showToast({ title, message, tone }: { title: string; message: string; tone: ToastTone }) {
  notifications.clean();
  // 'error' is the spec's destructive toast.
  notifications.show({ title, message, color: tone === 'error' ? 'red' : 'brand', withBorder: true });
}
