/**
 * The editor's stop (src/editor/host/close-on-signals.ts): npm forwards the signal Ctrl+C or systemd's stop already
 * sent the editor, so it comes twice. Before, the handler was `process.once`: the second signal found none and killed
 * the editor mid-close (seen in an operator's walk: `editor.pid` left behind after a stop of `npm run editor`).
 */
import { EventEmitter } from 'node:events';
import { expect, test } from 'vitest';
import { closeOnSignals } from '../../src/editor/host/close-on-signals';

test.each(['SIGTERM', 'SIGINT'])('%s twice closes once, and a handler stays for the second', (signal) => {
  const target = new EventEmitter();
  let closes = 0;
  closeOnSignals(target as unknown as NodeJS.Process, () => closes++);
  target.emit(signal);
  // A signal with no handler left takes its default action: the process would die here.
  expect(target.listenerCount(signal)).toBeGreaterThan(0);
  target.emit(signal);
  target.emit(signal === 'SIGTERM' ? 'SIGINT' : 'SIGTERM');
  expect(closes).toBe(1);
});
