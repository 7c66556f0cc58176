/**
 * The editor's stop (src/editor/host/close-on-signals.ts): npm forwards the signal Ctrl+C or systemd's stop already
 * sent the editor, so it comes twice. Before, the handler was `process.once`: the second signal found none and killed
 * the editor mid-close (seen in an operator's walk: `editor.pid` left behind after a stop of `npm run editor`). A person
 * who asks again later, because the close hangs, still stops it.
 */
import { EventEmitter } from 'node:events';
import { expect, test } from 'vitest';
import { closeOnSignals, REPEATED_STOP_MS } from '../../src/editor/host/close-on-signals';

function watched() {
  const target = new EventEmitter();
  const seen = { closes: 0, stopsNow: 0, time: 0 };
  closeOnSignals(target as unknown as NodeJS.Process, () => seen.closes++, { stopNow: () => seen.stopsNow++, now: () => seen.time });
  return { target, seen };
}

test.each(['SIGTERM', 'SIGINT'])('%s twice closes once, and a handler stays for the second', (signal) => {
  const { target, seen } = watched();
  target.emit(signal);
  // A signal with no handler left takes its default action: the process would die here.
  expect(target.listenerCount(signal)).toBeGreaterThan(0);
  target.emit(signal);
  target.emit(signal === 'SIGTERM' ? 'SIGINT' : 'SIGTERM');
  expect(seen).toMatchObject({ closes: 1, stopsNow: 0 });
});

test('asked again once the close has taken a while, it stops at once', () => {
  const { target, seen } = watched();
  target.emit('SIGINT');
  seen.time = REPEATED_STOP_MS - 1;
  target.emit('SIGINT');
  expect(seen).toMatchObject({ closes: 1, stopsNow: 0 });
  seen.time = REPEATED_STOP_MS;
  target.emit('SIGINT');
  expect(seen).toMatchObject({ closes: 1, stopsNow: 1 });
});
