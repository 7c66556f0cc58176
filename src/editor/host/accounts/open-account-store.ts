/**
 * Opens the account store where the leads are: PostgreSQL when DATABASE_URL is set, else the SQLite file LEADS_DB
 * (default data/leads.db), exactly as the lead server reads them (server/config.ts; a unit test holds the two alike).
 */
import { join } from 'node:path';
import { PgAccountStore, type PgAccountStoreOptions } from './pg-account-store';
import { SqliteAccountStore } from './sqlite-account-store';
import type { AccountStore } from './store';

const ROOT_DIR = join(import.meta.dirname, '..', '..', '..', '..');

export interface AccountStoreLocation {
  /** `postgres://...`: the leads' database. */
  databaseUrl?: string;
  /** The leads' SQLite file, used when there is no databaseUrl. */
  leadsDb: string;
}

export function accountStoreLocation(env: NodeJS.ProcessEnv = process.env): AccountStoreLocation {
  return { databaseUrl: env.DATABASE_URL || undefined, leadsDb: env.LEADS_DB || join(ROOT_DIR, 'data', 'leads.db') };
}

/** Opens it and creates or migrates its tables (safe while the lead server and other editor processes run). */
export async function openAccountStore(location: AccountStoreLocation, options: PgAccountStoreOptions = {}): Promise<AccountStore> {
  if (location.databaseUrl) return PgAccountStore.open(location.databaseUrl, options);
  return new SqliteAccountStore(location.leadsDb);
}
