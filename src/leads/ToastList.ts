/** The toast list's code, split from the page: loaded by toastListCode (toast.ts) when a toast is on its way. */
export { Notifications as ToastList } from '@mantine/notifications';
