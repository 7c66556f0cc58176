/**
 * The editor's account tables in the lead server's SQLite file, as versioned migrations. Their versions are kept in
 * `editor_schema_migrations` (per component: other parts of the editor can keep theirs there too), never in the
 * file's `user_version`, which is the lead schema's (server/store/sqlite-migrations.ts): the lead server migrates and
 * opens a file holding these tables as any other. Pending migrations run in one BEGIN IMMEDIATE transaction, so a
 * second process starting at the same moment waits, then finds nothing left to do. Never edit a released migration.
 */
import type Database from 'better-sqlite3';

interface Migration {
  version: number;
  name: string;
  sql: string;
}

const COMPONENT = 'accounts';

const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'users, sessions and sign-in attempts',
    sql: `
      CREATE TABLE editor_users (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL,                    -- as first typed, for display
        email_normalized TEXT NOT NULL UNIQUE,  -- lower-cased: one account per address
        name TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('editor', 'translator', 'reviewer', 'admin')),
        password_hash TEXT NOT NULL,            -- $scrypt$ln=..,r=..,p=..$salt$key
        created_at TEXT NOT NULL,               -- ISO 8601, UTC
        updated_at TEXT NOT NULL
      );
      CREATE TABLE editor_sessions (
        token_hash TEXT PRIMARY KEY,            -- SHA-256 of the cookie's token, hex
        user_id INTEGER NOT NULL REFERENCES editor_users(id) ON DELETE CASCADE,
        csrf_token TEXT NOT NULL,
        created_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL,
        expires_at TEXT NOT NULL                -- absolute end, whatever the use
      );
      CREATE INDEX editor_sessions_user ON editor_sessions(user_id);
      -- Failed sign-ins (and those being checked) for the rate limit, by lower-cased email and client address.
      CREATE TABLE editor_sign_in_attempts (
        id INTEGER PRIMARY KEY,
        account TEXT NOT NULL,
        address TEXT NOT NULL,
        at TEXT NOT NULL
      );
      CREATE INDEX editor_sign_in_attempts_account ON editor_sign_in_attempts(account, at);
      CREATE INDEX editor_sign_in_attempts_address ON editor_sign_in_attempts(address, at);`,
  },
  {
    version: 2,
    name: 'the languages a person translates into',
    // Comma-separated language codes (accounts/languages.ts); '' = every language, as the accounts made before.
    sql: `ALTER TABLE editor_users ADD COLUMN languages TEXT NOT NULL DEFAULT '';`,
  },
];

const NEWEST = MIGRATIONS[MIGRATIONS.length - 1].version;

/** Applies what is pending; refuses a file whose account tables are of a newer editor. Returns the versions applied. */
export function migrateSqliteAccounts(db: Database.Database, label: string): number[] {
  const applied: number[] = [];
  db.transaction(() => {
    db.exec(`CREATE TABLE IF NOT EXISTS editor_schema_migrations (
      component TEXT NOT NULL, version INTEGER NOT NULL, name TEXT NOT NULL, applied_at TEXT NOT NULL,
      PRIMARY KEY (component, version))`);
    const { current } = db
      .prepare<[string], { current: number | null }>('SELECT MAX(version) AS current FROM editor_schema_migrations WHERE component = ?')
      .get(COMPONENT)!;
    if ((current ?? 0) > NEWEST) {
      throw new Error(`${label} has editor account tables of version ${current}; this editor knows up to version ${NEWEST}`);
    }
    const record = db.prepare('INSERT INTO editor_schema_migrations (component, version, name, applied_at) VALUES (?, ?, ?, ?)');
    for (const migration of MIGRATIONS.filter((m) => m.version > (current ?? 0))) {
      db.exec(migration.sql);
      record.run(COMPONENT, migration.version, migration.name, new Date().toISOString());
      applied.push(migration.version);
    }
  }).immediate();
  return applied;
}
