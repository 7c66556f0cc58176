/**
 * What a request must show to reach an endpoint, as plain decisions the Fastify plugin (plugin.ts) applies: a session
 * (401), for a change the session's CSRF token and the editor's own origin (403), and the permission the endpoint
 * declared (403). Each refusal is a sentence naming what is missing.
 */
import { can, refusalFor, type Action, type Role } from './roles';
import { sameSecret } from './tokens';

/**
 * What an endpoint declares it needs (its route's `config.access`): an action (roles.ts), just a session, or nothing
 * (the sign-in itself). An endpoint under the protected prefixes that declares nothing is refused at startup.
 */
export type Access = Action | 'signed-in' | 'anyone';

const CSRF_HEADER = 'x-csrf-token';

export interface Refusal {
  status: 401 | 403;
  error: 'sign_in_first' | 'csrf_refused' | 'not_allowed';
  message: string;
}

type Headers = Record<string, string | string[] | undefined>;

const header = (headers: Headers, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** GET, HEAD and OPTIONS read; everything else may change something and must prove it comes from the editor. */
const isChange = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());

export const signInFirst = (ended: boolean): Refusal => ({
  status: 401,
  error: 'sign_in_first',
  message: ended ? 'Your session has ended; sign in again.' : 'Sign in first.',
});

/**
 * A change sent by a page of another site: its Origin is not the editor's, or the browser says the request crossed
 * sites (Sec-Fetch-Site). A request without either header (a command-line client) is judged by its CSRF token alone.
 */
export function foreignOriginRefusal(method: string, headers: Headers, ownOrigins: readonly string[]): Refusal | null {
  return isChange(method) ? crossSiteRefusal(headers, ownOrigins) : null;
}

/**
 * A request of any method from a page of another site, by the same headers: what a read that keeps a connection (the
 * live stream, which tells who is where) refuses too.
 */
export function crossSiteRefusal(headers: Headers, ownOrigins: readonly string[]): Refusal | null {
  const origin = header(headers, 'origin');
  if (origin !== undefined && !ownOrigins.includes(origin)) {
    return { status: 403, error: 'csrf_refused', message: `Changes are accepted only from the editor's own pages, not from ${origin}.` };
  }
  const site = header(headers, 'sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return {
      status: 403,
      error: 'csrf_refused',
      message: `Changes are accepted only from the editor's own pages (this request came ${site}).`,
    };
  }
  return null;
}

/** A change without the session's CSRF token in X-CSRF-Token: a page elsewhere can make the browser send the cookie, never the token. */
export function csrfRefusal(method: string, headers: Headers, csrfToken: string): Refusal | null {
  if (!isChange(method)) return null;
  const presented = header(headers, CSRF_HEADER);
  if (presented === undefined || presented === '') {
    return {
      status: 403,
      error: 'csrf_refused',
      message: 'This change lacks the X-CSRF-Token header: send the csrfToken that GET /api/session gives.',
    };
  }
  if (!sameSecret(presented, csrfToken)) {
    return {
      status: 403,
      error: 'csrf_refused',
      message: "This change's X-CSRF-Token is not this session's: reload the editor to get the current one.",
    };
  }
  return null;
}

export function permissionRefusal(access: Access, role: Role): Refusal | null {
  if (access === 'anyone' || access === 'signed-in' || can(role, access)) return null;
  return { status: 403, error: 'not_allowed', message: refusalFor(role, access) };
}
