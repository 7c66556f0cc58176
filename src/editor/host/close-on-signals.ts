/**
 * SIGINT and SIGTERM close the editor, once. The handler stays installed while it closes: `npm run editor` forwards
 * to the editor the signal a terminal's Ctrl+C or systemd's stop (the unit's whole control group) has already sent it,
 * so it arrives twice, and with no handler left the second one would kill it mid-close by the signal's default action
 * (its git work cut short, `editor.pid` left behind). A close that hangs is ended by SIGKILL (systemd's TimeoutStopSec).
 */
export function closeOnSignals(target: Pick<NodeJS.Process, 'on'>, close: () => void): void {
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    target.on(signal, () => {
      if (closing) return;
      closing = true;
      close();
    });
}
