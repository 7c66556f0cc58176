/** Picks the lead store: PostgreSQL when a database URL is given, else the SQLite file. */
import { PgLeadStore, type PgStoreOptions } from './pg-store';
import { SqliteLeadStore, type SqliteStoreOptions } from './sqlite-store';
import type { LeadStore } from './types';

export interface StoreLocation {
  /** `postgres://...`: several servers can share it. */
  databaseUrl?: string;
  /** SQLite file (default ':memory:', kept only while the process runs). */
  leadsDb?: string;
}

export async function openLeadStore(location: StoreLocation, options: PgStoreOptions & SqliteStoreOptions): Promise<LeadStore> {
  if (location.databaseUrl) return PgLeadStore.open(location.databaseUrl, options);
  return SqliteLeadStore.open(location.leadsDb ?? ':memory:', options);
}
