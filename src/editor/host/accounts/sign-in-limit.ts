/**
 * The sign-in rate limit. An address is the real client's (EDITOR_TRUST_PROXY: the address a trusted proxy saw, an
 * IPv6 address's /64); an account is the lower-cased email, whether or not it has an account, so nothing here tells
 * which emails exist. In a sliding window of 15 minutes:
 *
 *   - 20 failures from one address, on any accounts: that address is refused (429), a right password too;
 *   - 5 failures on one account from one address: that address is refused for that account (429);
 *   - failures on one account from all addresses together never refuse anyone: past 5, each attempt on the account
 *     waits before its password is checked, 1 s, doubling with each further failure, at most 16 s.
 *
 * So failures refuse only the address that made them: an attacker failing an account's password from a thousand
 * addresses slows its owner's sign-in from her own address, never refuses it; one address failing 25 times leaves
 * everyone else signing in. (People behind one address, an office or an IPv6 /64, share its limits.)
 *
 * Kept in the database, so a restart does not forgive an attacker and several editor processes count together. An
 * attempt is recorded before its password is checked, and only the attempts recorded before it count against it: a
 * hundred attempts sent at once cannot all be checked while none has failed yet. A refused attempt is not kept (it
 * would push the end of the refusal back forever); a successful one is removed and forgives the account's earlier
 * failures, from every address.
 */
import type { AccountStore, AttemptMatch } from './store';

export interface LimitRule {
  /** Failures allowed in the window; the next attempt is refused. */
  max: number;
  windowMs: number;
}

/** The delay an account's failures from all addresses bring: none for the first `free`, then growing. */
export interface DelayRule {
  free: number;
  firstMs: number;
  mostMs: number;
  windowMs: number;
}

export interface SignInLimits {
  perAddress: LimitRule;
  perAccountFromAddress: LimitRule;
  perAccount: DelayRule;
}

const FIFTEEN_MINUTES = 15 * 60_000;

/** 20 per address: a team behind one office address, each mistyping a few times, is not locked out by one another. */
export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  perAddress: { max: 20, windowMs: FIFTEEN_MINUTES },
  perAccountFromAddress: { max: 5, windowMs: FIFTEEN_MINUTES },
  perAccount: { free: 5, firstMs: 1000, mostMs: 16_000, windowMs: FIFTEEN_MINUTES },
};

/** Whose failures refused an attempt: the address's on any account, or the address's on this account. */
export type LockoutScope = 'address' | 'account-from-address';

export interface Lockout {
  scope: LockoutScope;
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

/** How long an attempt on an account waits before its password is checked, given the account's failures in the window. */
export function accountDelayMs(failures: number, rule: DelayRule): number {
  if (failures < rule.free) return 0;
  // Capped before the power, so a thousand failures do not overflow to Infinity.
  return Math.min(rule.firstMs * 2 ** Math.min(failures - rule.free, 32), rule.mostMs);
}

/** The 429 message, in words a person can act on; it says the same for an email with an account and without. */
export function lockoutMessage(scope: LockoutScope, waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  const when = `try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  return scope === 'account-from-address'
    ? `Too many sign-in attempts for this account from your network address; ${when}.`
    : `Too many sign-in attempts from your network address; ${when}.`;
}

export class SignInLimiter {
  constructor(
    private readonly store: AccountStore,
    private readonly limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
  ) {}

  /**
   * Records an attempt and says whether it may go on: `{ attempt, delayMs }` (wait delayMs, check the password, then
   * report it with failed() or succeeded()), or the lockout (nothing kept).
   */
  async begin(account: string, address: string, now: Date): Promise<{ attempt: string; delayMs: number } | { lockout: Lockout }> {
    const attempt = await this.store.addSignInAttempt(account, address, now);
    const lockout = await this.lockoutOf(attempt, account, address, now);
    if (lockout) {
      await this.store.removeSignInAttempt(attempt);
      return { lockout };
    }
    const rule = this.limits.perAccount;
    const failures = await this.store.earlierSignInAttempts(attempt, { account }, new Date(now.getTime() - rule.windowMs));
    return { attempt, delayMs: accountDelayMs(failures.length, rule) };
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

  /** Forgets failures older than every window (run with the session sweep). */
  async sweep(now: Date): Promise<number> {
    const { perAddress, perAccountFromAddress, perAccount } = this.limits;
    const longest = Math.max(perAddress.windowMs, perAccountFromAddress.windowMs, perAccount.windowMs);
    return this.store.removeSignInAttemptsBefore(new Date(now.getTime() - longest));
  }

  /** Only the address's own failures refuse it: on this account, then on any. */
  private async lockoutOf(attempt: string | undefined, account: string, address: string, now: Date): Promise<Lockout | null> {
    // An id past every real one: all recorded attempts are "earlier".
    const before = attempt ?? String(Number.MAX_SAFE_INTEGER);
    const rules: [LockoutScope, AttemptMatch, LimitRule][] = [
      ['account-from-address', { account, address }, this.limits.perAccountFromAddress],
      ['address', { address }, this.limits.perAddress],
    ];
    for (const [scope, match, rule] of rules) {
      const earlier = await this.store.earlierSignInAttempts(before, match, new Date(now.getTime() - rule.windowMs));
      const wait = waitMs(earlier, rule, now);
      if (wait > 0) return { scope, retryAfterS: Math.ceil(wait / 1000), message: lockoutMessage(scope, wait) };
    }
    return null;
  }
}
