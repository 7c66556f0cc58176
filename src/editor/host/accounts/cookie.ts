/**
 * The session cookie: `reachwell_editor`, HttpOnly (no script reads it), SameSite=Strict (no other site's page sends
 * it), Path=/, Secure behind HTTPS (EDITOR_SECURE_COOKIES=1), living no longer than the session can.
 */

export const SESSION_COOKIE = 'reachwell_editor';

export interface CookieSettings {
  /** Only over HTTPS: set when the editor is served behind HTTPS (a browser drops Secure cookies on plain http://). */
  secure: boolean;
}

const attributes = ({ secure }: CookieSettings) => `Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;

export function sessionCookie(token: string, expiresAt: Date, now: Date, settings: CookieSettings): string {
  const maxAgeS = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  return `${SESSION_COOKIE}=${token}; Max-Age=${maxAgeS}; ${attributes(settings)}`;
}

/** Tells the browser to forget the cookie (sign-out, or a session that has ended). */
export function clearedSessionCookie(settings: CookieSettings): string {
  return `${SESSION_COOKIE}=; Max-Age=0; ${attributes(settings)}`;
}

/**
 * The session token in a Cookie header, or undefined. Two different values under the name count as none: one may have
 * been planted by a page on a sibling subdomain for the parent domain (cookie tossing), and guessing which is ours
 * could sign the person in to someone else's session.
 */
export function readSessionCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const values = new Set<string>();
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) values.add(part.slice(eq + 1).trim());
  }
  return values.size === 1 ? [...values][0] : undefined;
}
