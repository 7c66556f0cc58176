/**
 * The SQLite schema as versioned migrations. The applied version is the file's
 * `user_version`; pending migrations run in one BEGIN IMMEDIATE transaction, so a
 * second process starting at the same moment waits for the first and then finds
 * nothing left to do. Never edit a released migration: add the next one.
 */
import type Database from 'better-sqlite3';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const SQLITE_MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'leads and submissions',
    sql: `
      CREATE TABLE leads (
        id INTEGER PRIMARY KEY,
        email_normalized TEXT NOT NULL UNIQUE,  -- lower-cased: one lead per address
        email TEXT NOT NULL,                    -- as first typed, for display
        first_seen TEXT NOT NULL,               -- ISO 8601, UTC
        last_seen TEXT NOT NULL,
        submission_count INTEGER NOT NULL,
        first_page TEXT,
        first_placement TEXT,
        last_page TEXT,
        last_placement TEXT,
        last_user_agent TEXT
      );
      -- Every accepted submission (a touch), with the idempotency key it carried.
      CREATE TABLE submissions (
        id INTEGER PRIMARY KEY,
        lead_id INTEGER NOT NULL REFERENCES leads(id),
        received_at TEXT NOT NULL,
        email TEXT NOT NULL,
        page TEXT,
        placement TEXT,
        user_agent TEXT,
        idempotency_key TEXT UNIQUE
      );
      CREATE INDEX submissions_lead ON submissions(lead_id);`,
  },
  {
    version: 2,
    name: 'webhook outbox',
    sql: `
      -- One event per stored submission while a webhook is configured, written in the submission's transaction.
      CREATE TABLE webhook_events (
        id TEXT PRIMARY KEY,                    -- the event id the receiver deduplicates on
        lead_id INTEGER NOT NULL REFERENCES leads(id),
        submission_id INTEGER NOT NULL REFERENCES submissions(id),
        type TEXT NOT NULL,
        payload TEXT NOT NULL,                  -- the exact JSON that is signed and sent
        created_at TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,    -- failed attempts in the current retry window
        window_start INTEGER NOT NULL,          -- epoch ms; retries stop 24 h after it
        next_attempt_at INTEGER,                -- epoch ms, while pending
        locked_until INTEGER,                   -- epoch ms: claimed by a dispatcher until then
        claim_token TEXT,
        last_error TEXT,
        delivered_at TEXT
      );
      CREATE INDEX webhook_events_due ON webhook_events(state, next_attempt_at);
      CREATE INDEX webhook_events_lead ON webhook_events(lead_id);`,
  },
  {
    version: 3,
    name: 'the language of each submission',
    sql: `
      -- BCP 47 tag of the page the form was on ("es", "pt-BR"); NULL for rows stored before it was recorded.
      ALTER TABLE submissions ADD COLUMN locale TEXT;
      ALTER TABLE leads ADD COLUMN first_locale TEXT;
      ALTER TABLE leads ADD COLUMN last_locale TEXT;`,
  },
];

export const SQLITE_SCHEMA_VERSION = SQLITE_MIGRATIONS[SQLITE_MIGRATIONS.length - 1].version;

/**
 * Applies the pending migrations (up to `upTo`: tests build a database of an earlier release); refuses a file from a
 * newer server instead of guessing. Returns the versions applied.
 */
export function migrateSqlite(db: Database.Database, label: string, upTo = SQLITE_SCHEMA_VERSION): number[] {
  const applied: number[] = [];
  db.transaction(() => {
    const current = db.pragma('user_version', { simple: true }) as number;
    if (current > SQLITE_SCHEMA_VERSION) {
      throw new Error(`${label} has lead schema version ${current}; this server knows up to version ${SQLITE_SCHEMA_VERSION}`);
    }
    for (const migration of SQLITE_MIGRATIONS.filter((m) => m.version > current && m.version <= upTo)) {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
      applied.push(migration.version);
    }
  }).immediate();
  return applied;
}
