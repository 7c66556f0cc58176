/**
 * The hosted editor's server, as a Fastify app (main.ts starts it; tests build it on a free port): sign-in first
 * (accounts/plugin.ts checks every request: a session, the CSRF token and origin on a change, the route's declared
 * permission), then its own pages (the built app), change sets and review, publishing, the editor on a change set,
 * pages before and after, history and preview links. It serves only the built app's files and the pages it renders:
 * never the project's sources or content files.
 */
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { PLUGIN_SETUP_DEADLINE_MS } from '../../../server/plugin-deadline';
import { fastifyTrustProxy, reportTooManyHops, type TrustProxy } from '../../../server/trust-proxy';
import { editorAccounts, type EditorAccountsOptions } from './accounts/plugin';
import { HOSTED_ENDPOINTS } from '../hosted-endpoints';
import { sendRefusal } from './accounts/replies';
import { AccountStoreUnavailable } from './accounts/store';
import { refusalOf, type HostContext } from './host-context';
import { hubPage } from './html-pages';
import { LiveStreams } from './live/live-streams';
import { liveSettingsFromEnv, type LiveSettings } from './live/live-settings';
import { ReviewNotices } from './live/review-notices';
import { tellSaves } from './live/colleague-saves';
import { bindEndpoints } from './routes/bind-endpoints';
import { changeSetHandlers } from './routes/change-set-routes';
import { editorHandlers } from './routes/editor-routes';
import { liveHandlers } from './routes/live-route';
import { publishHandlers } from './routes/publish-route';
import { siteHandlers } from './routes/site-routes';
import { sitePageHandlers } from './routes/site-page-routes';

export interface EditorServerOptions {
  host: HostContext;
  accounts: Omit<EditorAccountsOptions, 'now'>;
  logger?: FastifyServerOptions['logger'];
  /** EDITOR_TRUST_PROXY: the reverse proxies whose X-Forwarded-For gives request.ip, the client the sign-in limit counts. */
  trustProxy?: TrustProxy;
  /** The live stream's heartbeat and caps (live/live-settings.ts; EDITOR_LIVE_*). */
  live?: LiveSettings;
}

const isHtmlNavigation = (method: string, url: string, accept: string | undefined) =>
  method === 'GET' && !url.startsWith('/api/') && !url.includes('/api/') && (accept ?? '').includes('text/html');

/** Every route the server has, with the access it declares: tests try each without a session. */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: string | undefined;
}

export async function buildEditorServer({
  host,
  accounts,
  logger = false,
  trustProxy,
  live = liveSettingsFromEnv({}),
}: EditorServerOptions): Promise<{ app: FastifyInstance; routes: DeclaredRoute[]; liveStreams: LiveStreams }> {
  const app = Fastify({
    logger,
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: fastifyTrustProxy(trustProxy),
    pluginTimeout: PLUGIN_SETUP_DEADLINE_MS,
  });
  reportTooManyHops(app, trustProxy, 'EDITOR_TRUST_PROXY');
  const routes: DeclaredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, access: route.config?.access });
  });
  // The routes throw their refusals (host-context.ts), the account store AccountStoreUnavailable; anything else is Fastify's to answer (its own 4xx, or a 500).
  app.setErrorHandler(async (error, request, reply) => {
    // The accounts' database deleted or replaced under the editor: nobody signs in until it is put right (503, why, what to do).
    if (error instanceof AccountStoreUnavailable) {
      request.log.error(error.message);
      return sendRefusal(reply, error.status, 'accounts_unavailable', error.message);
    }
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return reply.code(refusal.status).send({ error: refusal.error, message: refusal.message });
  });
  // After the error handler: the session routes and the check in front of every request answer through it too.
  await app.register(editorAccounts, { ...accounts, now: host.now });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    // The editor frames its own previews; nobody else frames the editor.
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    if (!reply.hasHeader('Referrer-Policy')) reply.header('Referrer-Policy', 'same-origin');
    // A page opened without a session goes to the sign-in, and comes back afterwards.
    if (reply.statusCode === 401 && isHtmlNavigation(request.method, request.url, request.headers.accept)) {
      reply
        .code(303)
        .header('Location', `/sign-in?next=${encodeURIComponent(request.url)}`)
        .type('text/plain; charset=utf-8');
      return 'Sign in first.';
    }
    return payload;
  });

  await app.register(fastifyStatic, {
    root: host.assets.clientDir,
    prefix: '/',
    wildcard: false,
    index: false,
    maxAge: '1y',
    immutable: true,
  });

  // Who is where, and notices, pushed to the browsers (live/): every move of a change set is told as it happens.
  const liveStreams = new LiveStreams(live, host.now);
  const notices = new ReviewNotices(host.repo, liveStreams, (error) => app.log.error({ err: error }, 'a live notice could not be made'));
  await notices.start();
  // A colleague's save to those with its change set open (watched before the move the save makes is told).
  const untellSaves = tellSaves(host.repo, liveStreams);
  // An open stream would keep the server's close waiting for ever.
  app.addHook('preClose', async () => {
    untellSaves();
    notices.stop();
    liveStreams.stop();
  });
  // Signing out ends that session's streams at once.
  app.addHook('onResponse', async (request, reply) => {
    const { method, path } = HOSTED_ENDPOINTS.signOut;
    if (request.method === method && request.routeOptions.url === path && reply.statusCode < 300 && request.editorSession)
      liveStreams.endSession(request.editorSession.tokenHash);
  });

  // The hosted editor's own pages, which the app routes within itself (each asks the server who is signed in).
  const hubPageAnswer = async (_request: unknown, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(hubPage(host.assets));
  // Every entry of the table (src/editor/hosted-endpoints.ts) with its handler.
  bindEndpoints(app, {
    hubHome: hubPageAnswer,
    hubSignIn: hubPageAnswer,
    hubChangeSet: hubPageAnswer,
    hubHistory: hubPageAnswer,
    ...changeSetHandlers(host),
    ...publishHandlers(host),
    ...siteHandlers(host),
    ...editorHandlers(host),
    ...sitePageHandlers(host),
    ...liveHandlers(host, liveStreams, accounts.origins),
  });
  return { app, routes, liveStreams };
}
