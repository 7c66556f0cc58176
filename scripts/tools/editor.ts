/**
 * `npm run editor`: the hosted editor's server (src/editor/host/start.ts; docs/editor-server.md). `npm run editor`
 * makes its bundles first when the code changed (scripts/build/editor-bundles.ts --when-stale). Exit code 3: another
 * editor holds the data folder (src/editor/host/data-folder-lock.ts), and nothing was changed.
 */
import { closeOnSignals } from '../../src/editor/host/close-on-signals';
import { DataFolderBusy } from '../../src/editor/host/data-folder-lock';
import { startEditor } from '../../src/editor/host/start';

// Installed before the start, which takes the data folder's lock (and writes editor.pid) before its first await: a stop
// asked for from then on (it answers requests before startEditor has returned) waits for the start, then closes
// cleanly, instead of the signal's default death. The handler runs on a later turn, when `started` is set.
closeOnSignals(process, () => void started.then((editor) => editor.close()).then(() => process.exit(0)));
const started = startEditor().catch((error: unknown) => {
  if (!(error instanceof DataFolderBusy)) throw error;
  console.error(`npm run editor: ${error.message}`);
  process.exit(3);
});
await started;
