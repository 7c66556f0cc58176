/**
 * `npm run leads:export`: every lead as CSV on standard output, for a CRM import, with
 * its webhook delivery state. Reads DATABASE_URL (PostgreSQL) or else LEADS_DB (default
 * data/leads.db, opened read-only), so it is safe while the servers run.
 *   npm run --silent leads:export > leads.csv
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { configFromEnv } from './config';
import { leadsCsv } from './leads-csv';
import { commandPool, describeDatabaseUrl, listPgLeads } from './store/pg-store';
import { SQLITE_SCHEMA_VERSION } from './store/sqlite-migrations';
import { listSqliteLeads } from './store/sqlite-database';
import type { LeadRow } from './store/types';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function readSqlite(path: string): LeadRow[] {
  if (!existsSync(path)) fail(`No lead database at ${path} (set LEADS_DB to its path, or DATABASE_URL for PostgreSQL).`);
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version !== SQLITE_SCHEMA_VERSION) {
      fail(
        `${path} has lead schema version ${version}, this export reads version ${SQLITE_SCHEMA_VERSION}: run npm run leads:migrate first.`,
      );
    }
    return listSqliteLeads(db);
  } finally {
    db.close();
  }
}

async function readPostgres(url: string): Promise<LeadRow[]> {
  const pool = commandPool(url);
  try {
    return await listPgLeads(pool);
  } catch (error) {
    if ((error as { code?: string }).code === '42P01')
      fail(`${describeDatabaseUrl(url)} has no lead tables yet: run npm run leads:migrate (or start the server).`);
    throw error;
  } finally {
    await pool.end();
  }
}

const { databaseUrl, leadsDb } = configFromEnv();
const leads = databaseUrl ? await readPostgres(databaseUrl) : readSqlite(leadsDb);
process.stdout.write(leadsCsv(leads));
