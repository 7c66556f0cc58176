/**
 * `npm run leads:migrate`: applies the lead schema's pending migrations to DATABASE_URL
 * (PostgreSQL) or LEADS_DB (SQLite) and exits. Servers do the same at start; this is for
 * deploy pipelines that migrate before rolling servers. Safe while servers run or start.
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { configFromEnv } from './config';
import { migratePostgres } from './store/pg-migrate';
import { PG_SCHEMA_VERSION } from './store/pg-migrations';
import { commandPool, describeDatabaseUrl } from './store/pg-store';
import { SQLITE_SCHEMA_VERSION } from './store/sqlite-migrations';
import { openSqliteDatabase } from './store/sqlite-database';

const { databaseUrl, leadsDb } = configFromEnv();

async function migrate(): Promise<{ where: string; applied: number[]; version: number }> {
  if (databaseUrl) {
    const pool = commandPool(databaseUrl);
    try {
      return { where: describeDatabaseUrl(databaseUrl), applied: await migratePostgres(pool), version: PG_SCHEMA_VERSION };
    } finally {
      await pool.end();
    }
  }
  const before = existsSync(leadsDb) ? readSqliteVersion(leadsDb) : 0;
  openSqliteDatabase(leadsDb).close();
  const applied = Array.from({ length: SQLITE_SCHEMA_VERSION - before }, (_, i) => before + i + 1);
  return { where: leadsDb, applied, version: SQLITE_SCHEMA_VERSION };
}

function readSqliteVersion(path: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    db.close();
  }
}

const { where, applied, version } = await migrate();
console.log(
  applied.length > 0
    ? `${where}: applied lead schema migration${applied.length > 1 ? 's' : ''} ${applied.join(', ')}; now at version ${version}`
    : `${where}: lead schema already at version ${version}`,
);
