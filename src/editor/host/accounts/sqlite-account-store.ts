/**
 * Accounts in the lead server's SQLite file (LEADS_DB), beside the leads, through a connection of the editor's own.
 *
 * The lead server guards that file (server/store/sqlite-file-guard.ts): while it runs, only its own checkpoints may
 * write the database file, and the file changing while SQLite's checkpoint counters stay put reads to it as a file
 * copied over its own (503 for every lead until restarted). A checkpoint of this connection followed at once by a
 * write of this connection (which starts the log over and resets those counters) would look just like that. So this
 * connection never checkpoints (wal_autocheckpoint = 0) and only appends to the write-ahead log: the lead server's
 * own checkpoints copy the editor's writes into the file with its own. Sessions are touched at most every few
 * minutes (sessions.ts), so the editor adds little to the log. When this connection is the file's last one (no lead
 * server running), closing it checkpoints and removes the log, as SQLite always does.
 *
 * better-sqlite3 answers synchronously, on the calling thread: an account query is a few index lookups, and writes
 * are one small transaction each (the lead server waits at most so long for its own write lock).
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { normaliseEmail } from '../../../leads/contract/email-rule';
import { languagesColumn, languagesFromColumn } from './languages';
import type { Role } from './roles';
import { SqliteFileWatch } from './sqlite-file-watch';
import { migrateSqliteAccounts } from './sqlite-schema';
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

/** How long a write waits for the lead server's (or another editor's) write lock: theirs are milliseconds long. */
const BUSY_TIMEOUT_MS = 5000;
/** As the lead server's connection (server/store/sqlite-database.ts): a log this connection starts over is cut back to it. */
const JOURNAL_SIZE_LIMIT_BYTES = 4 * 1024 * 1024;

interface UserRow {
  id: number;
  email: string;
  name: string;
  role: Role;
  languages: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

interface SessionRow {
  token_hash: string;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  user_id: number;
  email: string;
  name: string;
  role: Role;
  languages: string;
  user_created_at: string;
  user_updated_at: string;
}

const USER_COLUMNS = 'id, email, name, role, languages, password_hash, created_at, updated_at';

const toUser = (row: UserRow): UserRecord => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  languages: languagesFromColumn(row.languages),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

const isUniqueViolation = (error: unknown) => error instanceof Database.SqliteError && error.code === 'SQLITE_CONSTRAINT_UNIQUE';

/** The editor's connection to the file, set as the lead server's is but for checkpoints (above). */
function openConnection(path: string): Database.Database {
  mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    if (mode !== 'wal') throw new Error(`${path} cannot use a write-ahead log (journal mode "${String(mode)}")`);
    // WAL's default (NORMAL) may lose the last commits on power failure; FULL syncs the log at every commit.
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('wal_autocheckpoint = 0');
    db.pragma(`journal_size_limit = ${JOURNAL_SIZE_LIMIT_BYTES}`);
    migrateSqliteAccounts(db, path);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export class SqliteAccountStore implements AccountStore {
  readonly kind = 'sqlite';
  readonly description: string;
  private readonly connection: Database.Database;
  private readonly watch: SqliteFileWatch;

  constructor(path: string) {
    this.description = path;
    this.connection = openConnection(path);
    this.watch = new SqliteFileWatch(path);
  }

  /** The connection, once the file is known to be still the one opened: every query goes through here. */
  private get db(): Database.Database {
    this.watch.check();
    return this.connection;
  }

  async addUser(user: NewUser): Promise<UserRecord> {
    const at = user.at.toISOString();
    try {
      const row = this.db
        .prepare<unknown[], UserRow>(
          `INSERT INTO editor_users (email, email_normalized, name, role, languages, password_hash, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${USER_COLUMNS}`,
        )
        .get(
          user.email.trim(),
          normaliseEmail(user.email),
          user.name,
          user.role,
          languagesColumn(user.languages ?? []),
          user.passwordHash,
          at,
          at,
        )!;
      return toUser(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateEmailError(user.email.trim());
      throw error;
    }
  }

  async findUser(email: string): Promise<UserWithPassword | null> {
    const row = this.db
      .prepare<[string], UserRow>(`SELECT ${USER_COLUMNS} FROM editor_users WHERE email_normalized = ?`)
      .get(normaliseEmail(email));
    return row ? { ...toUser(row), passwordHash: row.password_hash } : null;
  }

  async listUsers(): Promise<UserRecord[]> {
    return this.db.prepare<[], UserRow>(`SELECT ${USER_COLUMNS} FROM editor_users ORDER BY email_normalized`).all().map(toUser);
  }

  async updateUser(email: string, change: UserChange, at: Date): Promise<UserRecord | null> {
    const row = this.db
      .prepare<unknown[], UserRow>(
        `UPDATE editor_users SET name = COALESCE(?, name), role = COALESCE(?, role), languages = COALESCE(?, languages), updated_at = ?
         WHERE email_normalized = ? RETURNING ${USER_COLUMNS}`,
      )
      .get(
        change.name ?? null,
        change.role ?? null,
        change.languages ? languagesColumn(change.languages) : null,
        at.toISOString(),
        normaliseEmail(email),
      );
    return row ? toUser(row) : null;
  }

  async setPassword(email: string, passwordHash: string, at: Date): Promise<number | null> {
    return this.db
      .transaction(() => {
        const user = this.db
          .prepare<unknown[], { id: number }>(
            'UPDATE editor_users SET password_hash = ?, updated_at = ? WHERE email_normalized = ? RETURNING id',
          )
          .get(passwordHash, at.toISOString(), normaliseEmail(email));
        if (!user) return null;
        return this.db.prepare('DELETE FROM editor_sessions WHERE user_id = ?').run(user.id).changes;
      })
      .immediate();
  }

  async removeUser(email: string): Promise<boolean> {
    // Its sessions go with it (ON DELETE CASCADE; this connection turns foreign keys on).
    return this.db.prepare('DELETE FROM editor_users WHERE email_normalized = ?').run(normaliseEmail(email)).changes > 0;
  }

  async addSession(session: NewSession): Promise<void> {
    const at = session.at.toISOString();
    this.db
      .prepare(
        `INSERT INTO editor_sessions (token_hash, user_id, csrf_token, created_at, last_seen_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(session.tokenHash, session.userId, session.csrfToken, at, at, session.expiresAt.toISOString());
  }

  async findSession(tokenHash: string): Promise<SessionRecord | null> {
    const row = this.db
      .prepare<[string], SessionRow>(
        `SELECT s.token_hash, s.csrf_token, s.created_at, s.last_seen_at, s.expires_at, u.id AS user_id, u.email, u.name,
                u.role, u.languages, u.created_at AS user_created_at, u.updated_at AS user_updated_at
         FROM editor_sessions s JOIN editor_users u ON u.id = s.user_id WHERE s.token_hash = ?`,
      )
      .get(tokenHash);
    if (!row) return null;
    return {
      tokenHash: row.token_hash,
      csrfToken: row.csrf_token,
      createdAt: new Date(row.created_at),
      lastSeenAt: new Date(row.last_seen_at),
      expiresAt: new Date(row.expires_at),
      user: toUser({ ...row, id: row.user_id, created_at: row.user_created_at, updated_at: row.user_updated_at, password_hash: '' }),
    };
  }

  async touchSession(tokenHash: string, at: Date): Promise<void> {
    this.db.prepare('UPDATE editor_sessions SET last_seen_at = ? WHERE token_hash = ?').run(at.toISOString(), tokenHash);
  }

  async removeSession(tokenHash: string): Promise<void> {
    this.db.prepare('DELETE FROM editor_sessions WHERE token_hash = ?').run(tokenHash);
  }

  async removeExpiredSessions(now: Date, idleSince: Date): Promise<number> {
    return this.db
      .prepare('DELETE FROM editor_sessions WHERE expires_at <= ? OR last_seen_at <= ?')
      .run(now.toISOString(), idleSince.toISOString()).changes;
  }

  async addSignInAttempt(account: string, address: string, at: Date): Promise<string> {
    const { lastInsertRowid } = this.db
      .prepare('INSERT INTO editor_sign_in_attempts (account, address, at) VALUES (?, ?, ?)')
      .run(account, address, at.toISOString());
    return String(lastInsertRowid);
  }

  async earlierSignInAttempts(id: string, match: AttemptMatch, since: Date): Promise<Date[]> {
    const columns = attemptColumns(match);
    return this.db
      .prepare<unknown[], { at: string }>(
        `SELECT at FROM editor_sign_in_attempts WHERE ${columns.map(([column]) => `${column} = ?`).join(' AND ')} AND at > ? AND id < ? ORDER BY at LIMIT 1000`,
      )
      .all(...columns.map(([, value]) => value), since.toISOString(), Number(id))
      .map((row) => new Date(row.at));
  }

  async removeSignInAttempt(id: string): Promise<void> {
    this.db.prepare('DELETE FROM editor_sign_in_attempts WHERE id = ?').run(Number(id));
  }

  async clearSignInAttempts(account: string): Promise<void> {
    this.db.prepare('DELETE FROM editor_sign_in_attempts WHERE account = ?').run(account);
  }

  async removeSignInAttemptsBefore(before: Date): Promise<number> {
    return this.db.prepare('DELETE FROM editor_sign_in_attempts WHERE at < ?').run(before.toISOString()).changes;
  }

  async close(): Promise<void> {
    if (this.connection.open) this.connection.close();
  }
}
