/**
 * The lead server process: serves the whole site from dist/ and the lead endpoint on PORT (default 8080).
 * SIGTERM/SIGINT stop taking requests, answer the ones in flight and close the lead database cleanly.
 * `npm start` runs it through scripts/tools/start.ts, which builds dist/ first when it is missing or stale.
 */
import { createServer } from './app';
import { configFromEnv, type StartConfig } from './config';

/** After the grace period and the cut connections, how long closing the database may still take. */
const CLOSE_DEADLINE_MS = 5000;
/**
 * On SIGTERM, how long requests keep being read (and answered 503 shutting_down, Connection: close) before idle
 * connections are closed. Closing them at once resets the ones whose client has just sent a request the server has
 * not read yet: the client gets no answer at all, where a 503 tells it to retry elsewhere.
 */
const DRAIN_LINGER_MS = 1000;

let config: StartConfig;
try {
  config = configFromEnv();
} catch (error) {
  // A setting that cannot be used: its message names it, and a stack trace would only hide that.
  console.error(`npm start: ${(error as Error).message}`);
  process.exit(1);
}
const app = await createServer(config);
const address = await app.listen({ port: config.port, host: config.host });
// A parent process (the tests) learns the address, so PORT=0 can let the system pick a free port.
process.send?.({ listening: address });
const store = app.leadStore;
app.log.info(
  {
    address,
    store: store.kind,
    database: store.description,
    webhook: config.webhook ? new URL(config.webhook.url).origin : 'off',
    rateLimitPerMinute: config.rateLimit?.max,
  },
  `lead server ready on ${address}: leads stored in ${store.kind === 'postgres' ? 'PostgreSQL' : 'SQLite'} (${store.description})`,
);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: answering 503 from now on, finishing in-flight requests, then closing the lead database`);
    app.startDraining();
    // A stalled client must not keep the database open: after the grace period its connection is cut,
    // which lets the close go on to the store.
    setTimeout(() => {
      app.log.warn(`in-flight requests did not finish within ${config.shutdownGraceMs} ms; closing their connections`);
      app.server.closeAllConnections();
      setTimeout(() => {
        app.log.error('the lead database did not close in time; exiting');
        process.exit(1);
      }, CLOSE_DEADLINE_MS).unref();
    }, config.shutdownGraceMs).unref();
    setTimeout(() => {
      app.close().then(
        () => process.exit(0),
        (error) => {
          app.log.error(error);
          process.exit(1);
        },
      );
    }, DRAIN_LINGER_MS);
  });
}
