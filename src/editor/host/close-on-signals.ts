/**
 * SIGINT and SIGTERM close the editor, once. The handler stays installed while it closes: `npm run editor` forwards
 * to the editor the signal a terminal's Ctrl+C or systemd's stop (the unit's whole control group) has already sent it,
 * so it arrives twice within moments, and with no handler left the second one would kill it mid-close by the signal's
 * default action (its git work cut short, `editor.pid` left behind). A signal asked for again later (a second Ctrl+C
 * because the close hangs) stops it at once, as a person pressing twice means; under systemd, TimeoutStopSec's SIGKILL.
 */

/** Signals closer together than this are one stop sent twice (npm's forward comes within milliseconds). */
export const REPEATED_STOP_MS = 2_000;

interface SignalTarget {
  on: NodeJS.Process['on'];
}

export function closeOnSignals(
  target: SignalTarget,
  close: () => void,
  { stopNow = (): void => process.exit(1), now = Date.now }: { stopNow?: () => void; now?: () => number } = {},
): void {
  let firstAt: number | undefined;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    target.on(signal, () => {
      if (firstAt === undefined) {
        firstAt = now();
        close();
      } else if (now() - firstAt >= REPEATED_STOP_MS) {
        console.error(`Asked again to stop (${signal}) while closing: stopping now, without waiting for the close.`);
        stopNow();
      }
    });
}
