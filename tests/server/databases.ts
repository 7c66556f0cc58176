/**
 * Fresh, empty lead databases for both back ends, so one suite runs against each:
 * a SQLite file in a temporary directory, or a new database in the run's
 * PostgreSQL cluster (tests/server/global-setup.ts). `query` takes `?` placeholders
 * and returns numbers as numbers and timestamps as ISO strings on both.
 */
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { StoreLocation } from '../../server/store/open-store';
import { tempDir } from './helpers';

export type Backend = 'sqlite' | 'postgres';
export const BACKENDS: Backend[] = ['sqlite', 'postgres'];

export interface TestDatabase {
  backend: Backend;
  /** createServer / openLeadStore options that select it. */
  location: StoreLocation;
  /** The environment that selects it for `npm start` in a child process. */
  env: Record<string, string>;
  query<T>(sql: string, ...params: unknown[]): Promise<T[]>;
}

const INT8 = 20;
const NUMERIC = 1700;
const TIMESTAMPTZ = 1184;
const testTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8 || oid === NUMERIC) return Number;
    if (oid === TIMESTAMPTZ) return (value: string) => new Date(value).toISOString();
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

/** A new database in the test cluster; returns its URL. */
export async function createPostgresDatabase(): Promise<string> {
  const admin = new pg.Client(inject('postgresUrl'));
  await admin.connect();
  const name = `leads_${randomBytes(6).toString('hex')}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(inject('postgresUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

export async function queryPostgres<T>(url: string, sql: string, ...params: unknown[]): Promise<T[]> {
  let n = 0;
  const client = new pg.Client({ connectionString: url, types: testTypes });
  await client.connect();
  try {
    return (
      await client.query(
        sql.replace(/\?/g, () => `$${++n}`),
        params,
      )
    ).rows as T[];
  } finally {
    await client.end();
  }
}

export function querySqlite<T>(dbPath: string, sql: string, ...params: unknown[]): T[] {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

export async function freshDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'sqlite') {
    const leadsDb = join(tempDir('leads-db'), 'leads.db');
    return {
      backend,
      location: { leadsDb },
      env: { LEADS_DB: leadsDb },
      query: async (sql, ...params) => querySqlite(leadsDb, sql, ...params),
    };
  }
  const databaseUrl = await createPostgresDatabase();
  return {
    backend,
    location: { databaseUrl },
    env: { DATABASE_URL: databaseUrl },
    query: (sql, ...params) => queryPostgres(databaseUrl, sql, ...params),
  };
}
