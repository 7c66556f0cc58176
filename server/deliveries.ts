/**
 * `npm run leads:deliveries`: webhook events that failed for 24 hours, and retrying them.
 *   npm run leads:deliveries                          list failed deliveries
 *   npm run leads:deliveries -- retry <event-id>...   retry these (a fresh 24-hour window each)
 *   npm run leads:deliveries -- retry --all           retry every failed delivery
 * The running servers pick retried events up within a second.
 */
import { existsSync } from 'node:fs';
import { configFromEnv } from './config';
import { PgOutbox } from './store/pg-outbox';
import { commandPool } from './store/pg-store';
import { SqliteOutbox } from './store/sqlite-outbox';
import { openSqliteDatabase } from './store/sqlite-database';
import type { Outbox } from './store/types';

const USAGE = 'usage: npm run leads:deliveries [-- retry (--all | <event-id>...)]';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function openOutbox(): { outbox: Outbox; close: () => Promise<void> } {
  const { databaseUrl, leadsDb } = configFromEnv();
  if (databaseUrl) {
    const pool = commandPool(databaseUrl);
    return { outbox: new PgOutbox(pool), close: () => pool.end() };
  }
  if (!existsSync(leadsDb)) fail(`No lead database at ${leadsDb} (set LEADS_DB to its path, or DATABASE_URL for PostgreSQL).`);
  const db = openSqliteDatabase(leadsDb);
  return {
    outbox: new SqliteOutbox(db),
    close: async () => {
      db.close();
    },
  };
}

async function list(outbox: Outbox) {
  const failed = await outbox.listFailed();
  if (failed.length === 0) return console.log('No failed deliveries.');
  console.log(`${failed.length} failed deliver${failed.length === 1 ? 'y' : 'ies'} (no 2xx answer for 24 hours):`);
  for (const f of failed)
    console.log(
      `${f.id}  ${f.type.padEnd(12)}  ${f.createdAt}  ${String(f.attempts).padStart(3)} attempts  ${f.lastError ?? ''}  ${f.email}`,
    );
  console.log('Retry with: npm run leads:deliveries -- retry --all   (or give event ids)');
}

async function retry(outbox: Outbox, args: string[]) {
  const ids = args.includes('--all') ? 'all' : args;
  if (ids !== 'all' && (ids.length === 0 || !ids.every((id) => UUID.test(id)))) fail(USAGE);
  const count = await outbox.retryFailed(ids, new Date());
  console.log(`${count} failed deliver${count === 1 ? 'y' : 'ies'} scheduled again.`);
}

const [command, ...args] = process.argv.slice(2);
if (command !== undefined && command !== 'retry') fail(USAGE);
const { outbox, close } = openOutbox();
try {
  await (command === 'retry' ? retry(outbox, args) : list(outbox));
} finally {
  await close();
}
