/**
 * One sign-in: the rate limit (sign-in-limit.ts: refused, or slowed before the password is checked), the password, a
 * new session. Every refusal reads the same whether the email has an account or not, and takes as long: the delay
 * counts the email's failures whether it has an account or not, and an unknown email's password is checked against a
 * decoy hash.
 */
import { normaliseEmail } from '../../../leads/contract/email-rule';
import { decoyHash, verifyPassword, type ScryptCost } from './passwords';
import type { Sessions, NewSessionTokens } from './sessions';
import type { Lockout, SignInLimiter } from './sign-in-limit';
import type { AccountStore, UserRecord } from './store';

export interface SignInRequest {
  email: string;
  password: string;
  /** The client's address as the limit counts it (the real client behind a trusted proxy; an IPv6 address's /64). */
  address: string;
  /** The session this browser had, ended by the new sign-in: a token known before sign-in is never the one after. */
  previousToken?: string;
}

export type SignInResult =
  { kind: 'signed-in'; user: UserRecord; session: NewSessionTokens } | { kind: 'wrong-password' } | { kind: 'locked'; lockout: Lockout };

export const WRONG_PASSWORD_MESSAGE = 'That email and password do not match an account.';

/** Waits so long before a slowed attempt's password is checked (tests record the delay instead of waiting). */
export type SignInDelay = (ms: number) => Promise<void>;

const realDelay: SignInDelay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class SignIn {
  constructor(
    private readonly store: AccountStore,
    private readonly sessions: Sessions,
    private readonly limiter: SignInLimiter,
    private readonly now: () => Date,
    private readonly delay: SignInDelay = realDelay,
    /** The accounts' hashing cost, which the decoy hash has too (else an unknown email's answer times differently). */
    private readonly passwordCost?: ScryptCost,
  ) {}

  async attempt({ email, password, address, previousToken }: SignInRequest): Promise<SignInResult> {
    const account = normaliseEmail(email);
    const begun = await this.limiter.begin(account, address, this.now());
    if ('lockout' in begun) return { kind: 'locked', lockout: begun.lockout };
    if (begun.delayMs > 0) await this.delay(begun.delayMs);

    let user: UserRecord | null = null;
    try {
      const found = await this.store.findUser(account);
      const matches = await verifyPassword(password, found?.passwordHash ?? (await decoyHash(this.passwordCost)));
      if (found && matches) {
        const { passwordHash: _hash, ...record } = found;
        user = record;
      }
    } catch (error) {
      // Not a failure of the person's: it must not count against them.
      await this.store.removeSignInAttempt(begun.attempt).catch(() => undefined);
      throw error;
    }
    if (!user) {
      const lockout = await this.limiter.failed(account, address, this.now());
      return lockout ? { kind: 'locked', lockout } : { kind: 'wrong-password' };
    }
    await this.limiter.succeeded(begun.attempt, account);
    await this.sessions.end(previousToken);
    const session = await this.sessions.start(user.id);
    return { kind: 'signed-in', user, session };
  }
}
