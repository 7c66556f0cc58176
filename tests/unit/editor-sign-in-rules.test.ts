/**
 * The hosted editor's sign-in rules that need no server: how long a lockout lasts and how it is worded
 * (sign-in-limit.ts), the session cookie's attributes (cookie.ts), what a request must show (access.ts), and the
 * settings read from the environment (settings.ts, open-account-store.ts).
 */
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config';
import { csrfRefusal, foreignOriginRefusal, permissionRefusal } from '../../src/editor/host/accounts/access';
import { clearedSessionCookie, readSessionCookie, sessionCookie } from '../../src/editor/host/accounts/cookie';
import { accountStoreLocation } from '../../src/editor/host/accounts/open-account-store';
import { accountSettingsFromEnv } from '../../src/editor/host/accounts/settings';
import { accountDelayMs, DEFAULT_SIGN_IN_LIMITS, lockoutMessage, waitMs } from '../../src/editor/host/accounts/sign-in-limit';

const T = new Date('2030-05-06T10:00:00Z');
const minutesAgo = (m: number) => new Date(T.getTime() - m * 60_000);
const RULE = { max: 5, windowMs: 15 * 60_000 };

describe('how long a lockout lasts', () => {
  it('allows an attempt while fewer failures than the limit are in the window', () => {
    expect(waitMs([], RULE, T)).toBe(0);
    expect(waitMs([10, 8, 6, 4].map(minutesAgo), RULE, T)).toBe(0);
    // Failures older than the window no longer count.
    expect(waitMs([20, 18, 16, 4, 2].map(minutesAgo), RULE, T)).toBe(0);
  });

  it('at the limit, waits until the oldest failure in the window leaves it', () => {
    expect(waitMs([10, 8, 6, 4, 2].map(minutesAgo), RULE, T)).toBe(5 * 60_000);
    expect(waitMs([1, 1, 1, 1, 1].map(minutesAgo), RULE, T)).toBe(14 * 60_000);
  });

  it('past the limit (attempts made at once), waits until enough have left that fewer than the limit remain', () => {
    expect(waitMs([12, 10, 8, 6, 4, 2, 1].map(minutesAgo), RULE, T)).toBe(7 * 60_000);
  });
});

describe("how long an account's failures from all addresses slow a sign-in", () => {
  it('not at all for the first 5, then 1 s doubling with each failure, at most 16 s however many', () => {
    const rule = DEFAULT_SIGN_IN_LIMITS.perAccount;
    expect([0, 4, 5, 6, 7, 8, 9, 10, 1000, 1e9].map((failures) => accountDelayMs(failures, rule))).toEqual([
      0, 0, 1000, 2000, 4000, 8000, 16_000, 16_000, 16_000, 16_000,
    ]);
  });
});

describe('a lockout in words', () => {
  it('says whose attempts, and in how many whole minutes to try again', () => {
    expect(lockoutMessage('account-from-address', 13 * 60_000 + 1)).toBe(
      'Too many sign-in attempts for this account from your network address; try again in 14 minutes.',
    );
    expect(lockoutMessage('address', 60_000)).toBe('Too many sign-in attempts from your network address; try again in 1 minute.');
    expect(lockoutMessage('account-from-address', 5_000)).toBe(
      'Too many sign-in attempts for this account from your network address; try again in 1 minute.',
    );
  });
});

describe('the session cookie', () => {
  const token = 'A'.repeat(43);
  it('is HttpOnly, SameSite=Strict, for the whole editor, and lives as long as the session can', () => {
    expect(sessionCookie(token, new Date(T.getTime() + 7 * 86_400_000), T, { secure: false })).toBe(
      `reachwell_editor=${token}; Max-Age=604800; Path=/; HttpOnly; SameSite=Strict`,
    );
  });

  it('is Secure when configured (behind HTTPS), and cleared with the same attributes', () => {
    expect(sessionCookie(token, new Date(T.getTime() + 1000), T, { secure: true })).toMatch(/; Secure$/);
    expect(clearedSessionCookie({ secure: true })).toBe('reachwell_editor=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict; Secure');
  });

  it('is read from a Cookie header among others; two different values under its name count as none', () => {
    expect(readSessionCookie(`theme=dark; reachwell_editor=${token}; lang=en`)).toBe(token);
    expect(readSessionCookie(`reachwell_editor=${token}; reachwell_editor=${token}`)).toBe(token);
    expect(readSessionCookie(`reachwell_editor=${token}; reachwell_editor=${'B'.repeat(43)}`)).toBeUndefined();
    expect(readSessionCookie('not_reachwell_editor=x')).toBeUndefined();
    expect(readSessionCookie(undefined)).toBeUndefined();
  });
});

describe('what a request must show', () => {
  const own = ['https://editor.example.com'];
  it('a change from another origin, or one the browser marks cross-site, is refused; reads are not judged by origin', () => {
    expect(foreignOriginRefusal('POST', { origin: 'https://evil.example' }, own)).toMatchObject({
      status: 403,
      message: "Changes are accepted only from the editor's own pages, not from https://evil.example.",
    });
    expect(foreignOriginRefusal('DELETE', { origin: 'null' }, own)?.status).toBe(403);
    expect(foreignOriginRefusal('PUT', { 'sec-fetch-site': 'same-site' }, own)?.status).toBe(403);
    expect(foreignOriginRefusal('POST', { origin: own[0], 'sec-fetch-site': 'same-origin' }, own)).toBeNull();
    expect(foreignOriginRefusal('POST', {}, own)).toBeNull();
    expect(foreignOriginRefusal('GET', { origin: 'https://evil.example' }, own)).toBeNull();
  });

  it("a change needs the session's CSRF token in X-CSRF-Token, and the refusal says which header", () => {
    expect(csrfRefusal('POST', {}, 'tok')).toMatchObject({ status: 403, error: 'csrf_refused' });
    expect(csrfRefusal('POST', {}, 'tok')!.message).toContain('X-CSRF-Token');
    expect(csrfRefusal('PATCH', { 'x-csrf-token': 'other' }, 'tok')?.status).toBe(403);
    expect(csrfRefusal('POST', { 'x-csrf-token': 'tok' }, 'tok')).toBeNull();
    expect(csrfRefusal('GET', {}, 'tok')).toBeNull();
  });

  it('a role without the declared permission is refused, naming what is missing', () => {
    expect(permissionRefusal('publish', 'editor')).toMatchObject({ status: 403, error: 'not_allowed' });
    expect(permissionRefusal('publish', 'editor')!.message).toContain('"publish" permission');
    expect(permissionRefusal('publish', 'reviewer')).toBeNull();
    expect(permissionRefusal('signed-in', 'translator')).toBeNull();
  });
});

describe('settings from the environment', () => {
  it('finds the accounts where the lead server keeps the leads', () => {
    for (const env of [{}, { LEADS_DB: '/srv/leads.db' }, { DATABASE_URL: 'postgres://db/leads', LEADS_DB: '/srv/leads.db' }]) {
      const lead = configFromEnv(env);
      expect(accountStoreLocation(env)).toEqual({ databaseUrl: lead.databaseUrl, leadsDb: lead.leadsDb });
    }
  });

  it('takes secure cookies and the editor origins, refusing what would not work', () => {
    expect(accountSettingsFromEnv({})).toEqual({
      origins: ['http://127.0.0.1:8090', 'http://localhost:8090'],
      secureCookies: false,
      trustProxy: undefined,
    });
    expect(accountSettingsFromEnv({ EDITOR_SECURE_COOKIES: '1', EDITOR_ORIGIN: 'https://editor.example.com' })).toEqual({
      origins: ['https://editor.example.com'],
      secureCookies: true,
      trustProxy: undefined,
    });
    expect(() => accountSettingsFromEnv({ EDITOR_SECURE_COOKIES: 'yes' })).toThrow(/must be 1/);
    expect(() => accountSettingsFromEnv({ EDITOR_SECURE_COOKIES: '1' })).toThrow(/https:\/\//);
    expect(() => accountSettingsFromEnv({ EDITOR_ORIGIN: 'https://editor.example.com/' })).toThrow(/no trailing slash/);
  });

  it("takes EDITOR_TRUST_PROXY by the lead server's TRUST_PROXY rules: the same values, the same refusals, naming the editor's setting", () => {
    expect(accountSettingsFromEnv({ EDITOR_TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(accountSettingsFromEnv({ EDITOR_TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(accountSettingsFromEnv({ EDITOR_TRUST_PROXY: 'false' }).trustProxy).toBeUndefined();
    const refusal = (settle: () => unknown) => {
      try {
        settle();
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    for (const value of ['true', '0', '0.0.0.0/1,128.0.0.0/1', '::ffff:0:0/96', '11.0.0.0/8,12.0.0.0/8', '10.0.0.0/7', 'proxy.local']) {
      const lead = refusal(() => configFromEnv({ TRUST_PROXY: value }));
      expect(lead, value).not.toBe('accepted');
      expect(
        refusal(() => accountSettingsFromEnv({ EDITOR_TRUST_PROXY: value })),
        value,
      ).toBe(lead.replaceAll('TRUST_PROXY', 'EDITOR_TRUST_PROXY'));
    }
    expect(refusal(() => accountSettingsFromEnv({ EDITOR_TRUST_PROXY: 'true' }))).toMatch(
      /^EDITOR_TRUST_PROXY=true would trust any client's own X-Forwarded-For and defeat the rate limit/,
    );
  });
});
