/**
 * Passwords: what the editor accepts as one, and scrypt hashes of them (node:crypto, a random salt per hash). A hash
 * is stored as `$scrypt$ln=15,r=8,p=1$<salt>$<key>` (base64), so it carries its own cost: raising the cost later
 * leaves the hashes made before verifiable.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export const PASSWORD_MIN_LENGTH = 12;
/** Long enough for any passphrase or manager; bounds the work a sign-in request can ask for. */
export const PASSWORD_MAX_LENGTH = 1024;

export interface ScryptCost {
  /** log2 of N, scrypt's CPU and memory cost: 128 * 2^ln * r bytes of memory per hash. */
  ln: number;
  r: number;
  p: number;
}

/**
 * N = 2^15, r = 8: 32 MiB and about 0.1 s per hash on this project's 2-core machines, which is what an interactive
 * sign-in can afford (scrypt's paper proposes 2^14 for 100 ms on 2009 hardware; 2^17, OWASP's figure, took 0.42 s and
 * 128 MiB here, and four at once fill libuv's thread pool with half a gigabyte).
 */
export const DEFAULT_SCRYPT_COST: ScryptCost = { ln: 15, r: 8, p: 1 };

const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Costs outside these are refused when read from a hash: a stored value must not make a sign-in take minutes. */
const MAX_LN = 20;
const MAX_R = 16;
const MAX_P = 4;

/** Why `password` cannot be a password (in words for the person choosing it), or null. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) {
    return `A password needs at least ${PASSWORD_MIN_LENGTH} characters; this one has ${length}. A few words in a row make a good one.`;
  }
  if (length > PASSWORD_MAX_LENGTH) return `A password may have at most ${PASSWORD_MAX_LENGTH} characters; this one has ${length}.`;
  return null;
}

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** cost.ln, r: cost.r, p: cost.p, maxmem: 256 * 2 ** cost.ln * cost.r };
  // NFC: the same password typed on two systems may arrive composed or decomposed (é as one code point or two).
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost);
  return `$scrypt$ln=${cost.ln},r=${cost.r},p=${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

interface ParsedHash {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

const HASH_FORMAT = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

function parseHash(hash: string): ParsedHash | null {
  const match = HASH_FORMAT.exec(hash);
  if (!match) return null;
  const [ln, r, p] = [match[1], match[2], match[3]].map(Number);
  if (ln < 1 || ln > MAX_LN || r < 1 || r > MAX_R || p < 1 || p > MAX_P) return null;
  return { cost: { ln, r, p }, salt: Buffer.from(match[4], 'base64'), key: Buffer.from(match[5], 'base64') };
}

/** Whether `password` is the one `hash` was made from; the keys are compared in constant time. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const parsed = parseHash(hash);
  if (!parsed || parsed.key.length !== KEY_BYTES) return false;
  const key = await derive(password, parsed.salt, parsed.cost);
  return timingSafeEqual(key, parsed.key);
}

/**
 * A hash of no one's password at the given cost, made once: a sign-in with an unknown email verifies against it, so
 * it takes as long as one with a known email and a wrong password, and the time tells nobody which emails exist.
 */
export function decoyHash(cost: ScryptCost = DEFAULT_SCRYPT_COST): Promise<string> {
  const key = `${cost.ln},${cost.r},${cost.p}`;
  let hash = decoys.get(key);
  if (!hash) {
    hash = hashPassword(randomBytes(24).toString('base64'), cost);
    decoys.set(key, hash);
  }
  return hash;
}
const decoys = new Map<string, Promise<string>>();
