/**
 * Where accounts, sessions and sign-in attempts are kept: the AccountStore contract, which the SQLite and PostgreSQL
 * stores both fulfil (tests/server/editor-account-store.test.ts runs one suite on each). It stores and finds; the
 * rules (who may sign in, when a session has expired, how many attempts) live in the services that use it.
 * Emails are given as typed: a store finds and keeps them unique by their lower-cased form (normaliseEmail).
 */
import type { Role } from './roles';

export interface UserRecord {
  id: number;
  /** As first typed, for display. */
  email: string;
  name: string;
  role: Role;
  /** The languages they may translate into (languages.ts); empty: every language. */
  languages: string[];
  createdAt: Date;
  updatedAt: Date;
}

export interface UserWithPassword extends UserRecord {
  passwordHash: string;
}

export interface NewUser {
  email: string;
  name: string;
  role: Role;
  /** Empty or left out: every language. */
  languages?: string[];
  passwordHash: string;
  at: Date;
}

export interface NewSession {
  /** SHA-256 of the token in the cookie (the server never keeps the token itself). */
  tokenHash: string;
  userId: number;
  csrfToken: string;
  at: Date;
  /** The absolute end: the session ends then whatever its use. */
  expiresAt: Date;
}

export interface SessionRecord {
  tokenHash: string;
  csrfToken: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  /** Its person as they are now: a role changed since sign-in applies at the next request. */
  user: UserRecord;
}

export interface UserChange {
  name?: string;
  role?: Role;
  languages?: string[];
}

/** Which sign-in attempts: an account's (from anywhere), an address's (on any account), or an account's from one address. */
export type AttemptMatch = { account: string; address?: string } | { account?: undefined; address: string };

/** An AttemptMatch as WHERE conditions: each column (a fixed name, never given) with its value. */
export function attemptColumns(match: AttemptMatch): [column: 'account' | 'address', value: string][] {
  return (['account', 'address'] as const).flatMap((column) => {
    const value = match[column];
    return value === undefined ? [] : [[column, value] as [typeof column, string]];
  });
}

/** An email another account already has (compared without case). */
export class DuplicateEmailError extends Error {
  constructor(email: string) {
    super(`An account for ${email} already exists.`);
    this.name = 'DuplicateEmailError';
  }
}

/**
 * The store cannot be used any more (its database file was deleted or replaced under the editor: sqlite-file-watch.ts):
 * every sign-in and session check is answered 503 with this message, which says why and what to do.
 */
export class AccountStoreUnavailable extends Error {
  readonly status = 503;
  override name = 'AccountStoreUnavailable';
}

export interface AccountStore {
  readonly kind: 'sqlite' | 'postgres';
  /** Where it is, for messages (a file path, or the database URL without its password). */
  readonly description: string;

  /** Throws DuplicateEmailError when the email has an account. */
  addUser(user: NewUser): Promise<UserRecord>;
  findUser(email: string): Promise<UserWithPassword | null>;
  listUsers(): Promise<UserRecord[]>;
  /** null: no such account. */
  updateUser(email: string, change: UserChange, at: Date): Promise<UserRecord | null>;
  /** A new password, and every session of the account ended with it, in one transaction. Returns the sessions ended, or null: no such account. */
  setPassword(email: string, passwordHash: string, at: Date): Promise<number | null>;
  /** The account and its sessions; false when there was none. */
  removeUser(email: string): Promise<boolean>;

  addSession(session: NewSession): Promise<void>;
  findSession(tokenHash: string): Promise<SessionRecord | null>;
  touchSession(tokenHash: string, at: Date): Promise<void>;
  removeSession(tokenHash: string): Promise<void>;
  /** Sessions past their absolute end (`expiresAt <= now`) or unused since `idleSince`; returns how many. */
  removeExpiredSessions(now: Date, idleSince: Date): Promise<number>;

  /**
   * A sign-in attempt, recorded before its password is checked so that attempts made at once all count: kept when it
   * fails, removed when it succeeds or is refused. Returns its id.
   */
  addSignInAttempt(account: string, address: string, at: Date): Promise<string>;
  /** When the attempts recorded before `id` that match (account, address or both) were made, since `since`, oldest first. */
  earlierSignInAttempts(id: string, match: AttemptMatch, since: Date): Promise<Date[]>;
  removeSignInAttempt(id: string): Promise<void>;
  /** A successful sign-in forgives the account's failed attempts (not its address's). */
  clearSignInAttempts(account: string): Promise<void>;
  removeSignInAttemptsBefore(before: Date): Promise<number>;

  close(): Promise<void>;
}
