/**
 * `npm run editor`: the hosted editor's server (src/editor/host/start.ts; docs/editor-server.md). `npm run editor`
 * makes its bundles first when the code changed (scripts/build/editor-bundles.ts --when-stale).
 */
import { startEditor } from '../../src/editor/host/start';

const editor = await startEditor();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void editor.close().then(() => process.exit(0));
  });
}
