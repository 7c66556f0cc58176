/**
 * `npm start`: builds dist/ when it is missing or older than the working tree, then serves the whole site and the
 * lead endpoint on PORT (default 8080). SIGTERM/SIGINT stop taking requests,
 * answer the ones in flight and close the lead database cleanly.
 */
import { execFileSync } from 'node:child_process';
import { buildState } from '../src/engine/build-fingerprint';
import { createServer } from './app';
import { configFromEnv, ROOT_DIR } from './config';

/** How long in-flight requests get to finish on shutdown before the process gives up. */
const SHUTDOWN_GRACE_MS = 10_000;

const config = configFromEnv();
// DIST_REBUILD=never serves DIST_DIR as it is: a deployment that ships a prebuilt dist/ without the sources.
const state = process.env.DIST_REBUILD === 'never' ? 'current' : buildState(config.distDir);
if (state !== 'current') {
  console.log(
    state === 'missing'
      ? `No build in ${config.distDir} yet: building the site first`
      : `Pages, schemas or code changed since the last build: rebuilding ${config.distDir}`,
  );
  execFileSync('npm', ['run', 'build'], { cwd: ROOT_DIR, stdio: 'inherit', env: { ...process.env, DIST_DIR: config.distDir } });
}

const app = await createServer(config);
const address = await app.listen({ port: config.port, host: config.host });
// A parent process (the tests) learns the address, so PORT=0 can let the system pick a free port.
process.send?.({ listening: address });
app.log.info({ leadsDb: config.leadsDb, rateLimitPerMinute: config.rateLimit?.max }, 'lead server ready');

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: finishing in-flight requests, then closing the lead database`);
    setTimeout(() => {
      app.log.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error(error);
        process.exit(1);
      },
    );
  });
}
