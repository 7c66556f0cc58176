/**
 * A content worker thread (content-workers.ts starts them through content-worker-boot.mjs): runs the main thread's
 * tasks on the contents it holds (worker-contents.ts); a save waits for its change set's turn, which the main thread
 * grants and ends (worker-document-store.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readBuiltAssets } from '../built-assets';
import { releaseMemory } from '../release-memory';
import type { ContentWorkerData, FromWorker, ToWorker } from './content-worker-protocol';
import { workerContents } from './worker-contents';
import { WorkerSaves } from './worker-document-store';

const port = parentPort!;
const { buildDir, hangInPlan, hangInMerge } = workerData as ContentWorkerData;
const post = (message: FromWorker) => port.postMessage(message);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const saves = new WorkerSaves(post, hangInPlan);

/**
 * A content forgotten is garbage this thread's heap keeps until it allocates again (each thread is an isolate of its
 * own: the main thread's collection does not reach it). Collected once the thread holds nothing (the idle timer closes
 * many change sets at once), off the event loop; a forget while others are held (an old version dropped in use) is
 * left to V8, so a full collection never stalls a render or a save.
 */
let collecting: NodeJS.Timeout | undefined;
const collectSoon = () => {
  collecting ??= setTimeout(() => {
    collecting = undefined;
    releaseMemory();
  }, 100);
};
const contents = workerContents({ assets: readBuiltAssets(buildDir), saves, log: (message) => post({ log: message }), hangInMerge });

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
  } else if ('granted' in message) void saves.granted(message.granted);
  else if ('saved' in message) saves.saved(message);
  else {
    contents.forget(message.forget);
    if (contents.holding() === 0) collectSoon();
  }
});
