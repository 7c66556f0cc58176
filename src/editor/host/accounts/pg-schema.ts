/**
 * The editor's account tables in the leads' PostgreSQL database, as versioned migrations. Their versions are kept in
 * `editor_schema_migrations` (per component), never in the lead schema's `schema_migrations`
 * (server/store/pg-migrate.ts), which the lead server reads as its own. Every editor process runs this at start: a
 * transaction-level advisory lock lets one migrate while the others wait, then find nothing left to do (two
 * `CREATE TABLE IF NOT EXISTS` at once can still collide in PostgreSQL's catalog). Never edit a released migration.
 */
import type pg from 'pg';

interface Migration {
  version: number;
  name: string;
  sql: string;
}

const COMPONENT = 'accounts';
/** 'edaccnts' in ASCII; the lead schema's lock is another number. */
const MIGRATION_LOCK = '7306071574999626867';

const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'users, sessions and sign-in attempts',
    sql: `
      CREATE TABLE editor_users (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        email text NOT NULL,                    -- as first typed, for display
        email_normalized text NOT NULL UNIQUE,  -- lower-cased: one account per address
        name text NOT NULL,
        role text NOT NULL CHECK (role IN ('editor', 'translator', 'reviewer', 'admin')),
        password_hash text NOT NULL,            -- $scrypt$ln=..,r=..,p=..$salt$key
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE TABLE editor_sessions (
        token_hash text PRIMARY KEY,            -- SHA-256 of the cookie's token, hex
        user_id integer NOT NULL REFERENCES editor_users(id) ON DELETE CASCADE,
        csrf_token text NOT NULL,
        created_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL         -- absolute end, whatever the use
      );
      CREATE INDEX editor_sessions_user ON editor_sessions(user_id);
      -- Failed sign-ins (and those being checked) for the rate limit, by lower-cased email and client address.
      CREATE TABLE editor_sign_in_attempts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        account text NOT NULL,
        address text NOT NULL,
        at timestamptz NOT NULL
      );
      CREATE INDEX editor_sign_in_attempts_account ON editor_sign_in_attempts(account, at);
      CREATE INDEX editor_sign_in_attempts_address ON editor_sign_in_attempts(address, at);`,
  },
  {
    version: 2,
    name: 'the languages a person translates into',
    // Comma-separated language codes (accounts/languages.ts); '' = every language, as the accounts made before.
    sql: `ALTER TABLE editor_users ADD COLUMN languages text NOT NULL DEFAULT '';`,
  },
];

const NEWEST = MIGRATIONS[MIGRATIONS.length - 1].version;

/** Applies what is pending, in one transaction; refuses a database of a newer editor. Returns the versions applied. */
export async function migratePostgresAccounts(pool: pg.Pool): Promise<number[]> {
  const client = await pool.connect();
  const applied: number[] = [];
  try {
    await client.query('BEGIN');
    // Waiting for another process's migration may take longer than a request may.
    await client.query('SET LOCAL statement_timeout = 0');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS editor_schema_migrations (
      component text NOT NULL, version integer NOT NULL, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (component, version))`);
    const { rows } = await client.query<{ current: number | null }>(
      'SELECT MAX(version) AS current FROM editor_schema_migrations WHERE component = $1',
      [COMPONENT],
    );
    const current = rows[0].current ?? 0;
    if (current > NEWEST)
      throw new Error(`the database has editor account tables of version ${current}; this editor knows up to version ${NEWEST}`);
    for (const migration of MIGRATIONS.filter((m) => m.version > current)) {
      await client.query(migration.sql);
      await client.query('INSERT INTO editor_schema_migrations (component, version, name) VALUES ($1, $2, $3)', [
        COMPONENT,
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
    await client.query('COMMIT');
    client.release();
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release(error as Error);
    throw error;
  }
  return applied;
}
