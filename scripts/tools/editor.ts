/**
 * `npm run editor`: the hosted editor's server (src/editor/host/start.ts; docs/editor-server.md). `npm run editor`
 * makes its bundles first when the code changed (scripts/build/editor-bundles.ts --when-stale). Exit code 3: another
 * editor holds the data folder (src/editor/host/data-folder-lock.ts), and nothing was changed.
 */
import { closeOnSignals } from '../../src/editor/host/close-on-signals';
import { DataFolderBusy } from '../../src/editor/host/data-folder-lock';
import { startEditor } from '../../src/editor/host/start';

const started = startEditor().catch((error: unknown) => {
  if (!(error instanceof DataFolderBusy)) throw error;
  console.error(`npm run editor: ${error.message}`);
  process.exit(3);
});
// Taken before it starts: a stop asked for while it is still starting (it answers requests before startEditor has
// returned) waits for the start, then closes cleanly, instead of the signal's default death.
closeOnSignals(process, () => void started.then((editor) => editor.close()).then(() => process.exit(0)));
await started;
