/**
 * The lead server process: serves the whole site from dist/ and the lead endpoint on PORT (default 8080).
 * SIGTERM/SIGINT stop taking requests, answer the ones in flight and close the lead database cleanly.
 * `npm start` runs it through scripts/start.ts, which builds dist/ first when it is missing or stale.
 */
import { createServer } from './app';
import { configFromEnv } from './config';

/** After the grace period and the cut connections, how long closing the database may still take. */
const CLOSE_DEADLINE_MS = 5000;

const config = configFromEnv();
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
    app.log.info(`${signal}: finishing in-flight requests, then closing the lead database`);
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
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error(error);
        process.exit(1);
      },
    );
  });
}
