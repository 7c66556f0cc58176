/** The toast list, split from the page: loaded by toastListCode (toast.ts) when a toast is on its way. */
import { Notifications, type NotificationsProps } from '@mantine/notifications';
import { SwipeableToast } from './SwipeableToast';

export interface ToastListProps extends NotificationsProps {
  /** The accessible name of each toast's close button. */
  closeLabel: string;
}

/** Mantine's list (stacking, auto close, pause on hover, transitions), with toasts swiped away at the spec's threshold. */
export function ToastList({ closeLabel, ...props }: ToastListProps) {
  return (
    <Notifications
      {...props}
      allowDragDismiss={false}
      renderNotification={(data) => <SwipeableToast data={data} closeLabel={closeLabel} />}
    />
  );
}
