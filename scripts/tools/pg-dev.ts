/**
 * `npm run pg:dev`: a throwaway PostgreSQL for developing the lead server against. Starts a cluster in a new
 * temporary directory on a free loopback port (test-support/postgres-cluster.ts), creates a `leads` database, prints
 * its DATABASE_URL and waits; Ctrl+C (SIGINT or SIGTERM to this process) stops the cluster and removes it.
 *   npm run pg:dev                                       then, in another terminal:
 *   DATABASE_URL=postgres://postgres@127.0.0.1:<port>/leads npm start
 */
import pg from 'pg';
import { startThrowawayPostgres } from '../../test-support/postgres-cluster';

const cluster = await startThrowawayPostgres();
let stopped = false;
function stop() {
  if (stopped) return;
  stopped = true;
  console.log('\nStopping PostgreSQL and removing its data.');
  cluster.stop();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

try {
  const admin = new pg.Client(cluster.url);
  await admin.connect();
  await admin.query('CREATE DATABASE leads');
  await admin.end();
} catch (error) {
  cluster.stop();
  throw error;
}
const url = new URL(cluster.url);
url.pathname = '/leads';
console.log(`PostgreSQL ${cluster.dir} is running on 127.0.0.1:${cluster.port} (trust authentication, loopback only).`);
console.log(`DATABASE_URL=${url.toString()}`);
console.log('Ctrl+C stops it and deletes the data.');
// Keeps the process alive until a signal arrives.
setInterval(() => undefined, 1 << 30);
