/**
 * Sign-in for the editor's Fastify server, as one plugin: `await app.register(editorAccounts, options)` before any
 * other route. It adds the session endpoints (session-routes.ts) and one check in front of every request:
 *
 *   - a route under the protected prefixes (`/api`) must declare `config: { access }` (access.ts): one registered
 *     without it stops the server at startup, so an endpoint is never open because someone forgot to close it;
 *   - no session: 401; a change without the session's CSRF token, or from another origin: 403; a role without the
 *     declared permission: 403. An unknown path under the prefixes needs a session too (no probing for endpoints).
 *
 * A handler reads who is signed in with signedIn(request) (request-session.ts). The plugin's hooks apply to the whole
 * server (it is registered with Fastify's skip-override, as fastify-plugin does).
 */
import type { FastifyInstance, FastifyReply, RouteOptions } from 'fastify';
import { csrfRefusal, foreignOriginRefusal, permissionRefusal, signInFirst, type Access, type Refusal } from './access';
import { clearedSessionCookie, readSessionCookie, SESSION_COOKIE, type CookieSettings } from './cookie';
import { decoyHash, type ScryptCost } from './passwords';
import { sendRefusal } from './replies';
import { ACTIONS } from './roles';
import { registerSessionRoutes } from './session-routes';
import { DEFAULT_SESSION_POLICY, Sessions, type SessionPolicy } from './sessions';
import { SignIn, type SignInDelay } from './sign-in';
import { DEFAULT_SIGN_IN_LIMITS, SignInLimiter, type SignInLimits } from './sign-in-limit';
import type { AccountStore } from './store';

export interface EditorAccountsOptions {
  /** Opened by the caller (openAccountStore), who also closes it. */
  store: AccountStore;
  /** The editor's own origins, as browsers send them in Origin (`https://editor.example.com`): changes from any other are refused. */
  origins: string[];
  /** Secure cookies: set behind HTTPS (EDITOR_SECURE_COOKIES=1). */
  secureCookies: boolean;
  /** Path prefixes under which every route must declare its access. */
  protectedPrefixes?: string[];
  sessionPolicy?: Partial<SessionPolicy>;
  signInLimits?: SignInLimits;
  /** How a slowed sign-in waits (sign-in-limit.ts); tests record the delays instead. */
  signInDelay?: SignInDelay;
  /** The cost the accounts' passwords are hashed at (tests hash cheaply), so an unknown email's decoy check costs as much. */
  passwordCost?: ScryptCost;
  /** How often ended sessions and old sign-in failures are deleted. */
  sweepEveryMs?: number;
  /** The clock (tests move it). */
  now?: () => Date;
}

const DEFAULT_PROTECTED_PREFIXES = ['/api'];
const HOUR = 60 * 60_000;
const VALID_ACCESS: readonly string[] = [...ACTIONS, 'signed-in', 'anyone'];

const isUnder = (url: string, prefixes: string[]) => prefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));

async function editorAccountsPlugin(app: FastifyInstance, options: EditorAccountsOptions) {
  const now = options.now ?? (() => new Date());
  const prefixes = options.protectedPrefixes ?? DEFAULT_PROTECTED_PREFIXES;
  const cookies: CookieSettings = { secure: options.secureCookies };
  const sessions = new Sessions(options.store, { ...DEFAULT_SESSION_POLICY, ...options.sessionPolicy }, now);
  const limiter = new SignInLimiter(options.store, options.signInLimits ?? DEFAULT_SIGN_IN_LIMITS);

  app.decorateRequest('editorSession', null);
  // Made now, not at the first sign-in with an unknown email, which would otherwise take twice as long as the others.
  await decoyHash(options.passwordCost);

  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    if (access !== undefined && !VALID_ACCESS.includes(access)) {
      throw new Error(`${String(route.method)} ${route.url} declares access "${access}"; use one of ${VALID_ACCESS.join(', ')}`);
    }
    if (access === undefined && isUnder(route.url, prefixes)) {
      throw new Error(
        `${String(route.method)} ${route.url} declares no access: give it config: { access: '<action>' | 'signed-in' | 'anyone' } (src/editor/host/accounts/access.ts)`,
      );
    }
  });

  const refuse = (reply: FastifyReply, refusal: Refusal) => sendRefusal(reply, refusal.status, refusal.error, refusal.message);

  app.addHook('onRequest', async (request, reply) => {
    // A matched route is judged by its own path, not the URL as sent (which may be spelled %61pi/...).
    const path = request.is404 ? request.url.split('?')[0] : (request.routeOptions.url ?? '');
    const declared = request.is404 ? undefined : request.routeOptions.config.access;
    if (declared === undefined && !isUnder(path, prefixes)) return;
    if (declared === undefined && !request.is404) {
      // Only a route added before this plugin can get here (onRoute did not see it): refused, never open.
      return sendRefusal(reply, 403, 'not_allowed', 'This endpoint declares no permission, so it is refused.');
    }
    const access: Access = declared ?? 'signed-in';

    const foreign = foreignOriginRefusal(request.method, request.headers, options.origins);
    if (foreign) return refuse(reply, foreign);
    if (access === 'anyone') return;

    const token = readSessionCookie(request.headers.cookie);
    const session = await sessions.resolve(token);
    if (!session) {
      // A cookie that opens nothing (ended, or never ours) is cleared, so the browser stops sending it.
      if (request.headers.cookie?.includes(`${SESSION_COOKIE}=`)) reply.header('Set-Cookie', clearedSessionCookie(cookies));
      return refuse(reply, signInFirst(token !== undefined));
    }
    request.editorSession = session;
    const refusal = csrfRefusal(request.method, request.headers, session.csrfToken) ?? permissionRefusal(access, session.user.role);
    if (refusal) return refuse(reply, refusal);
  });

  registerSessionRoutes(app, {
    signIn: new SignIn(options.store, sessions, limiter, now, options.signInDelay, options.passwordCost),
    sessions,
    cookies,
    now,
  });

  const sweep = async () => {
    try {
      await sessions.sweep();
      await limiter.sweep(now());
    } catch (error) {
      app.log.warn({ err: error }, 'could not delete ended editor sessions');
    }
  };
  const timer = setInterval(() => void sweep(), options.sweepEveryMs ?? HOUR).unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

// Its hooks and decorator belong to the server that registers it, not to a context of its own (what fastify-plugin does).
Object.assign(editorAccountsPlugin, { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: 'editor-accounts' });

export const editorAccounts = editorAccountsPlugin;
