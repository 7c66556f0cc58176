/**
 * Passwords for the hosted editor (src/editor/host/accounts/passwords.ts): scrypt with a salt per hash and the cost in
 * the hash, verified in constant time; a minimum length with a message a person can act on. Cheap costs keep these
 * fast; the default cost is checked once, and the decoy hash an unknown email is checked against has that same cost.
 */
import { describe, expect, it } from 'vitest';
import {
  decoyHash,
  DEFAULT_SCRYPT_COST,
  hashPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
  verifyPassword,
} from '../../src/editor/host/accounts/passwords';

const CHEAP = { ln: 10, r: 8, p: 1 };
const PASSWORD = 'correct horse battery staple';

describe('hashing and verifying', () => {
  it('verifies the password it was made from, and no other', async () => {
    const hash = await hashPassword(PASSWORD, CHEAP);
    expect(hash).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
    expect(await verifyPassword(`${PASSWORD} `, hash)).toBe(false);
    expect(await verifyPassword('Correct horse battery staple', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash: the same password twice gives two hashes, each verifying', async () => {
    const [a, b] = await Promise.all([hashPassword(PASSWORD, CHEAP), hashPassword(PASSWORD, CHEAP)]);
    expect(a).not.toBe(b);
    expect(await verifyPassword(PASSWORD, a)).toBe(true);
    expect(await verifyPassword(PASSWORD, b)).toBe(true);
  });

  it('uses N = 2^15, r = 8 by default, and reads the cost from the hash', async () => {
    expect(DEFAULT_SCRYPT_COST).toEqual({ ln: 15, r: 8, p: 1 });
    const hash = await hashPassword(PASSWORD);
    expect(hash.startsWith('$scrypt$ln=15,r=8,p=1$')).toBe(true);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
  });

  it('takes a password composed or decomposed as the same (é as one code point or two)', async () => {
    const hash = await hashPassword('caf\u00e9 au lait, s\u2019il vous pla\u00eet', CHEAP);
    expect(await verifyPassword('cafe\u0301 au lait, s\u2019il vous pla\u00eet', hash)).toBe(true);
  });

  it('refuses, rather than throws on, a hash it cannot read or whose cost is absurd', async () => {
    const hash = await hashPassword(PASSWORD, CHEAP);
    for (const bad of ['', 'plain-text-password', hash.replace('ln=10', 'ln=40'), hash.replace('p=1', 'p=0'), hash.slice(0, -8)]) {
      expect(await verifyPassword(PASSWORD, bad)).toBe(false);
    }
  });

  it('has one decoy hash per cost, of the same cost as real ones, matching no password a person would type', async () => {
    const decoy = await decoyHash();
    expect(decoy.startsWith('$scrypt$ln=15,r=8,p=1$')).toBe(true);
    expect(await decoyHash()).toBe(decoy);
    expect(await verifyPassword(PASSWORD, decoy)).toBe(false);
  });
});

describe('what a password must be', () => {
  it(`needs at least ${PASSWORD_MIN_LENGTH} characters, and says how many it has`, () => {
    expect(passwordProblem('short pass')).toBe(
      'A password needs at least 12 characters; this one has 10. A few words in a row make a good one.',
    );
    expect(passwordProblem('exactly12chr')).toBeNull();
    expect(passwordProblem(PASSWORD)).toBeNull();
  });

  it('counts characters, not UTF-16 units: eleven emoji are eleven characters', () => {
    expect(passwordProblem('\u{1F511}'.repeat(11))).toMatch(/this one has 11/);
    expect(passwordProblem('\u{1F511}'.repeat(12))).toBeNull();
  });

  it(`refuses more than ${PASSWORD_MAX_LENGTH} characters`, () => {
    expect(passwordProblem('a'.repeat(PASSWORD_MAX_LENGTH + 1))).toBe('A password may have at most 1024 characters; this one has 1025.');
  });
});
