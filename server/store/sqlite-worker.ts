/**
 * The SQLite lead store's worker thread: owns the database (server/store/sqlite-writer.ts) and answers the store's
 * requests (server/store/sqlite-worker-protocol.ts). Started by server/store/sqlite-worker-boot.mjs.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Done } from './sqlite-writer';
import { SqliteLeadWriter } from './sqlite-writer';
import { toWire, type SqliteReply, type SqliteRequest, type SqliteWorkerData, type SqliteWorkerMessage } from './sqlite-worker-protocol';

const port = parentPort!;
const { path, recordEvents, lockWaitMs } = workerData as SqliteWorkerData;
const post = (message: SqliteWorkerMessage) => port.postMessage(message);

let replies: SqliteReply[] = [];
/** Answers made in one turn of the event loop (a batch's) go back in one message. */
function sendReplies() {
  if (replies.length === 0) return;
  post({ replies });
  replies = [];
}
function answer<T>(id: number): Done<T> {
  return (error, value) => {
    if (replies.length === 0) queueMicrotask(sendReplies);
    replies.push(error ? { id, error: toWire(error) } : { id, value });
  };
}
function answerNow<T>(id: number, read: () => T) {
  try {
    answer<T>(id)(null, read());
  } catch (error) {
    answer<T>(id)(error as Error);
  }
}

/** The writer, or undefined when the file cannot be opened (the store's open() then rejects with the reason). */
function openWriter(): SqliteLeadWriter | undefined {
  try {
    return new SqliteLeadWriter(path, {
      recordEvents,
      lockWaitMs,
      answered: sendReplies,
      log: {
        info: (message) => post({ log: { level: 'info', message } }),
        warn: (message) => post({ log: { level: 'warn', message } }),
        error: (message) => post({ log: { level: 'error', message } }),
      },
    });
  } catch (error) {
    post({ failedToOpen: toWire(error) });
    return undefined;
  }
}

const opened = openWriter();
if (opened) {
  const writer = opened;
  post({ ready: true });
  port.on('message', (requests: SqliteRequest[]) => {
    for (const request of requests) handle(writer, request);
  });
} else port.close();

function handle(writer: SqliteLeadWriter, request: SqliteRequest) {
  const { outbox } = writer;
  switch (request.op) {
    case 'submit':
      return writer.submit(request.id, request.input, request.receivedAt, answer(request.id));
    case 'cancel':
      return writer.cancel(request.id);
    case 'health':
      return answerNow(request.id, () => writer.health());
    case 'listLeads':
      return answerNow(request.id, () => writer.listLeads());
    case 'claimDue':
      return writer.claimDue(request.now, request.limit, request.leaseMs, answer(request.id));
    case 'nextDueAt':
      return answerNow(request.id, () => writer.nextDueAt());
    case 'markDelivered':
      return writer.write(() => outbox.markDelivered(request.event, request.now), answer(request.id));
    case 'markFailed':
      return writer.write(() => outbox.markFailed(request.event, request.error, request.retryAt), answer(request.id));
    case 'release':
      return writer.write(() => outbox.release(request.event), answer(request.id));
    case 'listFailed':
      return answerNow(request.id, () => outbox.listFailed());
    case 'retryFailed':
      return writer.write(() => outbox.retryFailed(request.ids, request.now), answer(request.id), true);
    case 'close':
      // What is still waiting is committed, its answers sent, then this thread ends.
      answerNow(request.id, () => writer.close());
      sendReplies();
      port.close();
  }
}
