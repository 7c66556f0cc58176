/**
 * Sessions: a random token in the person's cookie, stored only as its hash, with a CSRF token of its own. A session
 * ends at sign-out, after `idleMs` unused, `absoluteMs` after sign-in whatever its use, and when its person's password
 * is reset or account removed. Expired rows are swept away periodically; an expired one is refused before that too.
 */
import type { AccountStore, SessionRecord, UserRecord } from './store';
import { hashToken, isTokenShaped, newToken } from './tokens';

export interface SessionPolicy {
  /** A session unused this long has ended. */
  idleMs: number;
  /** A session ends this long after sign-in, however much it is used. */
  absoluteMs: number;
  /**
   * A session's last use is written at most this often: a write per request would be a write per click, and on
   * SQLite the lead server's log takes them all (sqlite-account-store.ts). The idle end is then this much less exact.
   */
  touchEveryMs: number;
}

const HOUR = 60 * 60_000;

export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleMs: 12 * HOUR, absoluteMs: 7 * 24 * HOUR, touchEveryMs: 5 * 60_000 };

export interface NewSessionTokens {
  /** For the cookie only; never stored. */
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

export interface ActiveSession {
  tokenHash: string;
  csrfToken: string;
  expiresAt: Date;
  user: UserRecord;
}

export class Sessions {
  constructor(
    private readonly store: AccountStore,
    private readonly policy: SessionPolicy,
    private readonly now: () => Date,
  ) {}

  async start(userId: number): Promise<NewSessionTokens> {
    const token = newToken();
    const csrfToken = newToken();
    const at = this.now();
    const expiresAt = new Date(at.getTime() + this.policy.absoluteMs);
    await this.store.addSession({ tokenHash: hashToken(token), userId, csrfToken, at, expiresAt });
    return { token, csrfToken, expiresAt };
  }

  private expired(session: SessionRecord, now: Date): boolean {
    return session.expiresAt.getTime() <= now.getTime() || now.getTime() - session.lastSeenAt.getTime() >= this.policy.idleMs;
  }

  /** The session a cookie's token opens, with its person as they are now, or null (unknown, malformed or expired). */
  async resolve(token: string | undefined): Promise<ActiveSession | null> {
    if (!token || !isTokenShaped(token)) return null;
    const session = await this.store.findSession(hashToken(token));
    if (!session) return null;
    const now = this.now();
    if (this.expired(session, now)) {
      await this.store.removeSession(session.tokenHash);
      return null;
    }
    if (now.getTime() - session.lastSeenAt.getTime() >= this.policy.touchEveryMs) await this.store.touchSession(session.tokenHash, now);
    return { tokenHash: session.tokenHash, csrfToken: session.csrfToken, expiresAt: session.expiresAt, user: session.user };
  }

  /** Ends the session of this token, if there is one (sign-out; a new sign-in on the same browser). */
  async end(token: string | undefined): Promise<void> {
    if (token && isTokenShaped(token)) await this.store.removeSession(hashToken(token));
  }

  /** Removes the sessions that have ended; returns how many. */
  async sweep(): Promise<number> {
    const now = this.now();
    return this.store.removeExpiredSessions(now, new Date(now.getTime() - this.policy.idleMs));
  }
}
