/**
 * The sign-in rate limit: so many failed sign-ins per account (by email, whether or not it has an account, so a refusal
 * never tells which emails exist) and per client address in a sliding window; past either, sign-ins are refused, a
 * right password too, until the oldest failure leaves the window. Kept in the database, so a restart does not forgive
 * an attacker and several editor processes count together.
 *
 * An attempt is recorded before its password is checked (scrypt takes a tenth of a second), and only the attempts
 * recorded before it count against it: a hundred attempts sent at once cannot all be checked while none has failed
 * yet. A refused attempt is not kept (it would push the end of the lockout back forever); a successful one is removed
 * and forgives the account's earlier failures.
 */
import type { AccountStore, AttemptScope } from './store';

export interface LimitRule {
  /** Failures allowed in the window; the next attempt is refused. */
  max: number;
  windowMs: number;
}

export interface SignInLimits {
  perAccount: LimitRule;
  perAddress: LimitRule;
}

const FIFTEEN_MINUTES = 15 * 60_000;

/** 20 per address: a team behind one office address, each mistyping a few times, is not locked out by one another. */
export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  perAccount: { max: 5, windowMs: FIFTEEN_MINUTES },
  perAddress: { max: 20, windowMs: FIFTEEN_MINUTES },
};

export interface Lockout {
  scope: AttemptScope;
  /** Whole seconds until an attempt is allowed again (the Retry-After header). */
  retryAfterS: number;
  message: string;
}

/**
 * How long until one more attempt is allowed, given the times of the failures before it (oldest first): none while
 * fewer than `max` are in the window; else until enough of the oldest have left it that fewer than `max` remain.
 */
export function waitMs(earlier: Date[], rule: LimitRule, now: Date): number {
  const inWindow = earlier.filter((at) => now.getTime() - at.getTime() < rule.windowMs);
  if (inWindow.length < rule.max) return 0;
  return inWindow[inWindow.length - rule.max].getTime() + rule.windowMs - now.getTime();
}

/** The 429 message, in words a person can act on; it says the same for an email with an account and without. */
export function lockoutMessage(scope: AttemptScope, waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  const when = `try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  return scope === 'account'
    ? `Too many sign-in attempts for this account; ${when}.`
    : `Too many sign-in attempts from your network address; ${when}.`;
}

export class SignInLimiter {
  constructor(
    private readonly store: AccountStore,
    private readonly limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
  ) {}

  /**
   * Records an attempt and says whether it may go on: `{ attempt }` (then report it with failed() or succeeded()),
   * or the lockout (nothing kept).
   */
  async begin(account: string, address: string, now: Date): Promise<{ attempt: string } | { lockout: Lockout }> {
    const attempt = await this.store.addSignInAttempt(account, address, now);
    const lockout = await this.lockoutOf(attempt, account, address, now);
    if (!lockout) return { attempt };
    await this.store.removeSignInAttempt(attempt);
    return { lockout };
  }

  /** The attempt failed and stays counted; returns the lockout it brought about, if any, for the one who made it. */
  async failed(account: string, address: string, now: Date): Promise<Lockout | null> {
    // Counted as the next attempt would be: every failure so far, this one included.
    return this.lockoutOf(undefined, account, address, now);
  }

  async succeeded(attempt: string, account: string): Promise<void> {
    await this.store.removeSignInAttempt(attempt);
    await this.store.clearSignInAttempts(account);
  }

  /** Forgets failures older than either window (run with the session sweep). */
  async sweep(now: Date): Promise<number> {
    const longest = Math.max(this.limits.perAccount.windowMs, this.limits.perAddress.windowMs);
    return this.store.removeSignInAttemptsBefore(new Date(now.getTime() - longest));
  }

  private async lockoutOf(attempt: string | undefined, account: string, address: string, now: Date): Promise<Lockout | null> {
    // An id past every real one: all recorded attempts are "earlier".
    const before = attempt ?? String(Number.MAX_SAFE_INTEGER);
    for (const [scope, key, rule] of [
      ['account', account, this.limits.perAccount],
      ['address', address, this.limits.perAddress],
    ] as const) {
      const earlier = await this.store.earlierSignInAttempts(before, scope, key, new Date(now.getTime() - rule.windowMs));
      const wait = waitMs(earlier, rule, now);
      if (wait > 0) return { scope, retryAfterS: Math.ceil(wait / 1000), message: lockoutMessage(scope, wait) };
    }
    return null;
  }
}
