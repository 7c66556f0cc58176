// @ts-check
/**
 * Where the SQLite lead store's worker thread starts (server/store/sqlite-store.ts). Plain JavaScript, since a worker
 * thread has no TypeScript loader of its own: it registers tsx's in this thread, then runs the worker's TypeScript
 * (server/store/sqlite-worker.ts), whether the server itself runs from its sources (tsx, vitest) or bundled
 * (scripts/tools/run-bundled.mjs).
 */
import { register } from 'tsx/esm/api';

register();
await import('./sqlite-worker.ts');
