/**
 * A content worker thread (content-workers.ts starts them through content-worker-boot.mjs): runs the main thread's
 * tasks on the contents it holds (worker-contents.ts) and asks the main thread to commit what a save wrote.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readBuiltAssets } from '../built-assets';
import type { ContentWorkerData, FromWorker, ToWorker } from './content-worker-protocol';
import { workerContents } from './worker-contents';

const port = parentPort!;
const { buildDir } = workerData as ContentWorkerData;
const post = (message: FromWorker) => port.postMessage(message);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

let nextCommit = 0;
const commits = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();

const contents = workerContents({
  assets: readBuiltAssets(buildDir),
  commit: (dir, person, write, sections) =>
    new Promise<void>((resolve, reject) => {
      const call = ++nextCommit;
      commits.set(call, { resolve, reject });
      post({ commit: call, dir, person, write, ...(sections ? { sections } : {}) });
    }),
  log: (message) => post({ log: message }),
});

port.on('message', (message: ToWorker) => {
  if ('task' in message) {
    const { id, task } = message;
    Promise.resolve()
      .then(() => contents.run(task))
      .then(
        (value) => post({ reply: id, value }),
        (error: unknown) => {
          post({ log: `a content worker's ${task.op} failed: ${error instanceof Error ? error.stack : String(error)}` });
          post({ reply: id, error: messageOf(error) });
        },
      );
  } else if ('committed' in message) {
    const waiting = commits.get(message.committed);
    commits.delete(message.committed);
    if (message.error === undefined) waiting?.resolve();
    else waiting?.reject(new Error(message.error));
  } else contents.forget(message.forget);
});
