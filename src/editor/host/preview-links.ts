/**
 * Preview links: an address a colleague without an account opens to see a change set's whole draft site, read-only,
 * until it expires. The link is `/preview/<token>/...` where the token names the change set and the expiry and is
 * signed with the editor's secret (HMAC-SHA256): nothing is stored, and a token cannot be made or stretched without
 * the secret. The secret is made once in the data folder (mode 600); deleting it revokes every link.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** How long a preview link works. */
const PREVIEW_LINK_DAYS = 7;
const DAY = 24 * 60 * 60_000;

export type PreviewCheck = { ok: true; id: string; expiresAt: Date } | { ok: false; message: string };

export function previewSecret(file: string): Buffer {
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
}

const sign = (secret: Buffer, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

export function previewToken(secret: Buffer, id: string, now: Date): { token: string; expiresAt: Date } {
  const expiresAt = new Date(now.getTime() + PREVIEW_LINK_DAYS * DAY);
  const body = `${id}.${expiresAt.getTime().toString(36)}`;
  return { token: `${body}.${sign(secret, body)}`, expiresAt };
}

export function checkPreviewToken(secret: Buffer, token: string, now: Date): PreviewCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, message: 'This is not a preview link.' };
  const [id, expiry, signature] = parts;
  const expected = Buffer.from(sign(secret, `${id}.${expiry}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, message: 'This preview link is not valid.' };
  const expiresAt = new Date(parseInt(expiry, 36));
  if (!(expiresAt.getTime() > now.getTime())) {
    return { ok: false, message: 'This preview link has expired: ask for a new one.' };
  }
  return { ok: true, id, expiresAt };
}
