/**
 * The session endpoints: POST /api/session signs in (JSON `{ email, password }`), GET /api/session says who is signed
 * in (with the CSRF token every change must send), DELETE /api/session signs out. Their access checks are the
 * plugin's (plugin.ts), as for every endpoint.
 */
import type { FastifyInstance } from 'fastify';
import { clientKey } from '../../../../server/connection-limits';
import { HOSTED_ENDPOINTS } from '../../hosted-endpoints';
import { clearedSessionCookie, readSessionCookie, sessionCookie, type CookieSettings } from './cookie';
import { PASSWORD_MAX_LENGTH } from './passwords';
import { sendRefusal } from './replies';
import { permissionsOf } from './roles';
import { signedIn } from './request-session';
import type { Sessions } from './sessions';
import { WRONG_PASSWORD_MESSAGE, type SignIn } from './sign-in';
import type { UserRecord } from './store';

/** The session's path, from the hosted editor's table (src/editor/hosted-endpoints.ts), as are the routes' permissions. */
export const SESSION_ROUTE = HOSTED_ENDPOINTS.signIn.path;
const { signIn: SIGN_IN, session: SESSION, signOut: SIGN_OUT } = HOSTED_ENDPOINTS;

/** A sign-in request is two short strings; anything larger is refused before it is read. */
const SIGN_IN_BODY_LIMIT = 16 * 1024;
const EMAIL_MAX = 254;

interface SessionRouteDeps {
  signIn: SignIn;
  sessions: Sessions;
  cookies: CookieSettings;
  now: () => Date;
}

/** What GET and a successful POST answer: who, what they may do, and the CSRF token for their changes. */
const whoAmI = (user: UserRecord, csrfToken: string, expiresAt: Date) => ({
  email: user.email,
  name: user.name,
  role: user.role,
  /** The languages they may translate into; empty: every language. */
  languages: user.languages,
  permissions: permissionsOf(user.role),
  csrfToken,
  expiresAt: expiresAt.toISOString(),
});

function credentials(body: unknown): { email: string; password: string } | null {
  if (typeof body !== 'object' || body === null) return null;
  const { email, password } = body as Record<string, unknown>;
  if (typeof email !== 'string' || typeof password !== 'string' || email.length > EMAIL_MAX || password.length > PASSWORD_MAX_LENGTH * 4)
    return null;
  return { email, password };
}

export function registerSessionRoutes(app: FastifyInstance, { signIn, sessions, cookies, now }: SessionRouteDeps) {
  app.post(SIGN_IN.path, { config: { access: SIGN_IN.access }, bodyLimit: SIGN_IN_BODY_LIMIT }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    // JSON only: a plain HTML form on another site cannot send it (text/plain would be parsed as a string).
    if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
      return sendRefusal(reply, 415, 'unsupported_media_type', 'Send the sign-in as JSON (Content-Type: application/json).');
    }
    const given = credentials(request.body);
    if (!given) return sendRefusal(reply, 400, 'bad_request', 'Send {"email": "...", "password": "..."}.');
    const result = await signIn.attempt({
      ...given,
      address: clientKey(request.ip),
      previousToken: readSessionCookie(request.headers.cookie),
    });
    if (result.kind === 'locked') {
      reply.header('Retry-After', String(result.lockout.retryAfterS));
      return sendRefusal(reply, 429, 'too_many_attempts', result.lockout.message);
    }
    if (result.kind === 'wrong-password') return sendRefusal(reply, 401, 'wrong_email_or_password', WRONG_PASSWORD_MESSAGE);
    const { token, csrfToken, expiresAt } = result.session;
    reply.header('Set-Cookie', sessionCookie(token, expiresAt, now(), cookies));
    return reply.send(whoAmI(result.user, csrfToken, expiresAt));
  });

  app.get(SESSION.path, { config: { access: SESSION.access } }, async (request, reply) => {
    const session = signedIn(request);
    return reply.header('Cache-Control', 'no-store').send(whoAmI(session.user, session.csrfToken, session.expiresAt));
  });

  app.delete(SIGN_OUT.path, { config: { access: SIGN_OUT.access } }, async (request, reply) => {
    await sessions.end(readSessionCookie(request.headers.cookie));
    return reply.header('Set-Cookie', clearedSessionCookie(cookies)).header('Cache-Control', 'no-store').code(204).send();
  });
}
