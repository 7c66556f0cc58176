/**
 * Session secrets: random 256-bit tokens, the SHA-256 hash under which a session is stored (the database never holds
 * a token a thief could present), and comparing a presented secret with the expected one in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const TOKEN_BYTES = 32;
/** 32 bytes in base64url: what newToken() makes, and all a cookie or header may carry before the database is asked. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const newToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

export const isTokenShaped = (value: string): boolean => TOKEN_SHAPE.test(value);

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Hashing both first gives equal lengths (timingSafeEqual needs them), and the time says nothing of either. */
export function sameSecret(presented: string, expected: string): boolean {
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
