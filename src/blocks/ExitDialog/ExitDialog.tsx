import { useEffect, useState } from 'react';
import { lazyWhenOpened } from '../../widgets/lazy-when-opened';
import { exitDialogClosed, onExitDialogDue } from './exit-dialog-timer';
import type { ExitDialogBlock } from './schema';

/** The dialog's code (Modal, focus trap, the form) loads only if the timer ever opens it. */
const ExitDialogPanel = lazyWhenOpened(() => import('./ExitDialogPanel').then((m) => m.ExitDialogPanel));

/** The timed dialog with the email form: its island is woken when the timer (exit-dialog-timer.ts) says it is due. */
export function ExitDialog(_: ExitDialogBlock) {
  const [opened, setOpened] = useState(false);
  const close = () => {
    exitDialogClosed();
    setOpened(false);
  };
  useEffect(() => onExitDialogDue(() => setOpened(true)), []);
  return <ExitDialogPanel opened={opened} onClose={close} />;
}
