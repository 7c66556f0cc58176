/**
 * Applies PG_MIGRATIONS that a database lacks. Each server runs it at start (and
 * `npm run leads:migrate` on its own), so several may run it at once: a
 * session-level advisory lock lets one of them migrate while the others wait,
 * and they then find every version recorded in schema_migrations.
 */
import type pg from 'pg';
import { PG_MIGRATIONS, PG_SCHEMA_VERSION } from './pg-migrations';

/** Any fixed number works; this one is 'leadmigr' in ASCII. */
const MIGRATION_LOCK = 7_810_756_212_704_241_522n;

/**
 * Returns the versions this call applied (empty when another server, or an earlier start, already had). `upTo` stops
 * at an earlier version (tests build a database of an earlier release).
 */
export async function migratePostgres(pool: pg.Pool, upTo = PG_SCHEMA_VERSION): Promise<number[]> {
  const client = await pool.connect();
  const applied: number[] = [];
  try {
    // Waiting for another server's migration, or a migration on a big table, may take longer than a request may.
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK.toString()]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((r) => r.version));
    const newest = Math.max(0, ...done);
    if (newest > PG_SCHEMA_VERSION) {
      throw new Error(`the lead database has schema version ${newest}; this server knows up to version ${PG_SCHEMA_VERSION}`);
    }
    for (const migration of PG_MIGRATIONS.filter((m) => !done.has(m.version) && m.version <= upTo)) {
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
      applied.push(migration.version);
    }
  } finally {
    try {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK.toString()]);
      await client.query('RESET statement_timeout');
      client.release();
    } catch (error) {
      // The connection broke, so the server already dropped the lock; do not pool it again.
      client.release(error as Error);
    }
  }
  return applied;
}
