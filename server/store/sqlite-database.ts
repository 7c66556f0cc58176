/**
 * Opening the SQLite lead file, as the server's store (in its worker thread) and the lead commands do, and reading
 * its leads. Pragmas and migrations are here so that every connection to the file is made alike.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrateSqlite } from './sqlite-migrations';
import type { LeadRow } from './types';

/** How long opening and migrating may wait for another process's lock (startup and commands only). */
const OPEN_BUSY_TIMEOUT_MS = 5000;

/**
 * The write-ahead log is cut back to this after it was reset (SQLite reuses the file rather than shrink it): a log
 * that grew while another process held a read transaction gives its space back once checkpointed.
 */
const JOURNAL_SIZE_LIMIT_BYTES = 4 * 1024 * 1024;

export function openSqliteDatabase(path: string): Database.Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma(`busy_timeout = ${OPEN_BUSY_TIMEOUT_MS}`);
  db.pragma('journal_mode = WAL');
  // WAL's default (NORMAL) may lose the last commits on power failure; FULL syncs the WAL on every commit.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma(`journal_size_limit = ${JOURNAL_SIZE_LIMIT_BYTES}`);
  // No checkpoint inside a commit: the server checkpoints deliberately (server/store/sqlite-wal-keeper.ts), and only
  // its own checkpoints write the database file while it runs, which is how it tells a file changed under it.
  db.pragma('wal_autocheckpoint = 0');
  migrateSqlite(db, path);
  return db;
}

/** All leads, oldest first, with their delivery state (also used read-only by the export). */
export function listSqliteLeads(db: Database.Database): LeadRow[] {
  return db
    .prepare<[], LeadRow>(
      `SELECT l.email, l.email_normalized, l.first_seen, l.last_seen, l.submission_count, l.first_page, l.first_placement,
              l.first_locale, l.last_page, l.last_placement, l.last_locale, l.last_user_agent,
              CASE WHEN e.failed > 0 THEN 'failed' WHEN e.pending > 0 THEN 'pending' WHEN e.total > 0 THEN 'delivered' ELSE 'none' END AS delivery
       FROM leads l
       LEFT JOIN (SELECT lead_id, COUNT(*) AS total, SUM(state = 'failed') AS failed, SUM(state = 'pending') AS pending
                  FROM webhook_events GROUP BY lead_id) e ON e.lead_id = l.id
       ORDER BY l.id`,
    )
    .all();
}
