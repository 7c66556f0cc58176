// @ts-check
/**
 * Where a content worker thread starts (content-workers.ts). Plain JavaScript, since a worker thread has no TypeScript
 * loader of its own: it registers tsx's in this thread, then runs the worker's TypeScript (content-worker.ts), whether
 * the editor runs from its sources (tsx, vitest) or bundled (scripts/tools/run-bundled.mjs), as the lead store's
 * worker does (server/store/sqlite-worker-boot.mjs).
 */
import { register } from 'tsx/esm/api';

register();
await import('./content-worker.ts');
