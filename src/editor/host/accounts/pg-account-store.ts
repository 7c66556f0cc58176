/**
 * Accounts in the leads' PostgreSQL database (DATABASE_URL), through a small pool of the editor's own: the same
 * contract as the SQLite store (store.ts), for several editor processes sharing one database.
 */
import pg from 'pg';
import { normaliseEmail } from '../../../leads/contract/email-rule';
import { migratePostgresAccounts } from './pg-schema';
import { languagesColumn, languagesFromColumn } from './languages';
import type { Role } from './roles';
import {
  DuplicateEmailError,
  type AccountStore,
  attemptColumns,
  type AttemptMatch,
  type NewSession,
  type NewUser,
  type SessionRecord,
  type UserChange,
  type UserRecord,
  type UserWithPassword,
} from './store';

export interface PgAccountStoreOptions {
  /** Connections of this process (a few people signing in need few). */
  poolSize?: number;
  /** A statement, or the wait for a connection, taking longer fails the request rather than hanging it. */
  statementTimeoutMs?: number;
  /** Errors of idle connections (the database restarted); without a listener they would end the process. */
  onIdleError?: (error: Error) => void;
}

interface UserRow {
  id: number;
  email: string;
  name: string;
  role: Role;
  languages: string;
  password_hash: string;
  created_at: Date;
  updated_at: Date;
}

interface SessionRow {
  token_hash: string;
  csrf_token: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  user_id: number;
  email: string;
  name: string;
  role: Role;
  languages: string;
  user_created_at: Date;
  user_updated_at: Date;
}

const USER_COLUMNS = 'id, email, name, role, languages, password_hash, created_at, updated_at';
/** How much longer than the statement timeout the client waits: a frozen database cannot cancel the statement itself. */
const CLIENT_TIMEOUT_MARGIN_MS = 1000;

const toUser = (row: UserRow): UserRecord => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  languages: languagesFromColumn(row.languages),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** The URL without its password, for messages. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'postgres (unparseable DATABASE_URL)';
  }
}

export class PgAccountStore implements AccountStore {
  readonly kind = 'postgres';
  readonly description: string;
  private closed = false;

  private constructor(
    private readonly pool: pg.Pool,
    url: string,
  ) {
    this.description = withoutPassword(url);
  }

  /** Connects and applies pending migrations (safe while other editor processes do the same). */
  static async open(url: string, options: PgAccountStoreOptions = {}): Promise<PgAccountStore> {
    const timeout = options.statementTimeoutMs ?? 5000;
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 4,
      connectionTimeoutMillis: timeout,
      statement_timeout: timeout,
      query_timeout: timeout + CLIENT_TIMEOUT_MARGIN_MS,
      keepAlive: true,
      application_name: 'reachwell-editor',
    });
    pool.on('error', (error) => options.onIdleError?.(error));
    try {
      await migratePostgresAccounts(pool);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return new PgAccountStore(pool, url);
  }

  private async rows<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.pool.query<T>(sql, params)).rows;
  }

  /** Statements that must commit together, on one connection. */
  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      client.release();
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release(error as Error);
      throw error;
    }
  }

  async addUser(user: NewUser): Promise<UserRecord> {
    try {
      const [row] = await this.rows<UserRow>(
        `INSERT INTO editor_users (email, email_normalized, name, role, languages, password_hash, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING ${USER_COLUMNS}`,
        [
          user.email.trim(),
          normaliseEmail(user.email),
          user.name,
          user.role,
          languagesColumn(user.languages ?? []),
          user.passwordHash,
          user.at,
        ],
      );
      return toUser(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateEmailError(user.email.trim());
      throw error;
    }
  }

  async findUser(email: string): Promise<UserWithPassword | null> {
    const [row] = await this.rows<UserRow>(`SELECT ${USER_COLUMNS} FROM editor_users WHERE email_normalized = $1`, [normaliseEmail(email)]);
    return row ? { ...toUser(row), passwordHash: row.password_hash } : null;
  }

  async listUsers(): Promise<UserRecord[]> {
    return (await this.rows<UserRow>(`SELECT ${USER_COLUMNS} FROM editor_users ORDER BY email_normalized`)).map(toUser);
  }

  async updateUser(email: string, change: UserChange, at: Date): Promise<UserRecord | null> {
    const [row] = await this.rows<UserRow>(
      `UPDATE editor_users SET name = COALESCE($1, name), role = COALESCE($2, role), languages = COALESCE($3, languages), updated_at = $4
       WHERE email_normalized = $5 RETURNING ${USER_COLUMNS}`,
      [change.name ?? null, change.role ?? null, change.languages ? languagesColumn(change.languages) : null, at, normaliseEmail(email)],
    );
    return row ? toUser(row) : null;
  }

  async setPassword(email: string, passwordHash: string, at: Date): Promise<number | null> {
    return this.transaction(async (client) => {
      const { rows } = await client.query<{ id: number }>(
        'UPDATE editor_users SET password_hash = $1, updated_at = $2 WHERE email_normalized = $3 RETURNING id',
        [passwordHash, at, normaliseEmail(email)],
      );
      if (rows.length === 0) return null;
      return (await client.query('DELETE FROM editor_sessions WHERE user_id = $1', [rows[0].id])).rowCount ?? 0;
    });
  }

  async removeUser(email: string): Promise<boolean> {
    // The sessions go with the account (ON DELETE CASCADE), in the same statement.
    const result = await this.pool.query('DELETE FROM editor_users WHERE email_normalized = $1', [normaliseEmail(email)]);
    return (result.rowCount ?? 0) > 0;
  }

  async addSession(session: NewSession): Promise<void> {
    await this.pool.query(
      `INSERT INTO editor_sessions (token_hash, user_id, csrf_token, created_at, last_seen_at, expires_at)
       VALUES ($1, $2, $3, $4, $4, $5)`,
      [session.tokenHash, session.userId, session.csrfToken, session.at, session.expiresAt],
    );
  }

  async findSession(tokenHash: string): Promise<SessionRecord | null> {
    const [row] = await this.rows<SessionRow>(
      `SELECT s.token_hash, s.csrf_token, s.created_at, s.last_seen_at, s.expires_at, u.id AS user_id, u.email, u.name,
              u.role, u.languages, u.created_at AS user_created_at, u.updated_at AS user_updated_at
       FROM editor_sessions s JOIN editor_users u ON u.id = s.user_id WHERE s.token_hash = $1`,
      [tokenHash],
    );
    if (!row) return null;
    return {
      tokenHash: row.token_hash,
      csrfToken: row.csrf_token,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      expiresAt: row.expires_at,
      user: toUser({ ...row, id: row.user_id, created_at: row.user_created_at, updated_at: row.user_updated_at, password_hash: '' }),
    };
  }

  async touchSession(tokenHash: string, at: Date): Promise<void> {
    await this.pool.query('UPDATE editor_sessions SET last_seen_at = $1 WHERE token_hash = $2', [at, tokenHash]);
  }

  async removeSession(tokenHash: string): Promise<void> {
    await this.pool.query('DELETE FROM editor_sessions WHERE token_hash = $1', [tokenHash]);
  }

  async removeExpiredSessions(now: Date, idleSince: Date): Promise<number> {
    const result = await this.pool.query('DELETE FROM editor_sessions WHERE expires_at <= $1 OR last_seen_at <= $2', [now, idleSince]);
    return result.rowCount ?? 0;
  }

  async addSignInAttempt(account: string, address: string, at: Date): Promise<string> {
    const [row] = await this.rows<{ id: string }>(
      'INSERT INTO editor_sign_in_attempts (account, address, at) VALUES ($1, $2, $3) RETURNING id::text AS id',
      [account, address, at],
    );
    return row.id;
  }

  async earlierSignInAttempts(id: string, match: AttemptMatch, since: Date): Promise<Date[]> {
    const columns = attemptColumns(match);
    const n = columns.length;
    const rows = await this.rows<{ at: Date }>(
      `SELECT at FROM editor_sign_in_attempts WHERE ${columns.map(([column], i) => `${column} = $${i + 1}`).join(' AND ')} ` +
        `AND at > $${n + 1} AND id < $${n + 2} ORDER BY at LIMIT 1000`,
      [...columns.map(([, value]) => value), since, id],
    );
    return rows.map((row) => row.at);
  }

  async removeSignInAttempt(id: string): Promise<void> {
    await this.pool.query('DELETE FROM editor_sign_in_attempts WHERE id = $1', [id]);
  }

  async clearSignInAttempts(account: string): Promise<void> {
    await this.pool.query('DELETE FROM editor_sign_in_attempts WHERE account = $1', [account]);
  }

  async removeSignInAttemptsBefore(before: Date): Promise<number> {
    return (await this.pool.query('DELETE FROM editor_sign_in_attempts WHERE at < $1', [before])).rowCount ?? 0;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }
}
