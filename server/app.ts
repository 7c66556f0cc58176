/**
 * The site's server: the prerendered dist/, the lead endpoint and the health checks
 * on one port, and the webhook dispatcher when a webhook is configured.
 * `createServer({ distDir })` alone gives safe defaults for tests (an in-memory
 * SQLite store, the production rate limit, no CORS, no webhook); `npm start`
 * passes the options read from the environment (server/config.ts).
 */
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { METHODS } from 'node:http';
import { errorBody, RETRY_AFTER_UNAVAILABLE_S } from './api-error';
import { limitConnectionsPerAddress } from './connection-limits';
import { registerHealthRoutes } from './health-routes';
import { LEADS_PREFIX, leadRoutes } from './lead-routes';
import { loggerOptions } from './logging';
import { clientErrorHandler, keepPipelinedRequestsInOrder, trackAnswers } from './protocol-errors';
import { registerSecurityHeaders, securityHeaderSnapshot } from './security-headers';
import { servedSite } from './served-site';
import { registerStaticSite, sendNotFound } from './static-site';
import { openLeadStore, type StoreLocation } from './store/open-store';
import type { LeadStore } from './store/types';
import { DEFAULT_SUBMISSION_LIMITS, defaultMaxWaiting, type SubmissionLimits } from './submission-gate';
import { PLUGIN_SETUP_DEADLINE_MS } from './plugin-deadline';
import { fastifyTrustProxy, isTrustedPeer, reportTooManyHops } from './trust-proxy';
import { DEFAULT_RETRY, type RetryPolicy } from './webhook/backoff';
import { WebhookDispatcher } from './webhook/dispatcher';
import { webhookUrlWarnings } from './webhook/url-warnings';

interface WebhookSettings {
  /** Where events are POSTed; from configuration only, never from a request. */
  url: string;
  /** The HMAC-SHA256 key the receiver verifies signatures with. */
  secret: string;
  /** While the secret is being changed: the one it replaces. Every delivery is then signed with both. */
  previousSecret?: string;
  timeoutMs?: number;
  retry?: RetryPolicy;
}

export interface ConnectionLimits {
  /** A request's headers and body must all arrive within this, or the connection is closed (408). */
  requestTimeoutMs: number;
  /** Open connections at most; more are refused until some close. */
  maxConnections: number;
  /** Open connections from one client address at most (an IPv6 /64; trusted proxies are not capped). */
  maxConnectionsPerAddress: number;
  /** An idle kept-alive connection is closed after this, so idle sockets cannot hold the connection cap. */
  keepAliveTimeoutMs: number;
}

export interface ServerOptions extends StoreLocation {
  distDir: string;
  /** A pino level ('info', 'warn', ...), or false for no logs (the tests' default). */
  logLevel?: string | false;
  /** A store the caller opened (tests); the server closes it. Otherwise databaseUrl or leadsDb is opened. */
  store?: LeadStore;
  /** SQLite: how long a submission may wait for a lock held by another process before answering 503. */
  lockWaitMs?: number;
  /** PostgreSQL: connections per server process. */
  poolSize?: number;
  /** Lead submissions allowed per client IP address per window. */
  rateLimit?: { max: number; timeWindowMs: number };
  /** Browser origins allowed to post leads cross-origin. */
  corsOrigins?: string[];
  /** Extra CSP connect-src origins, e.g. another lead backend the pages were built to call. */
  connectSrc?: string[];
  /**
   * Behind reverse proxies: their addresses/CIDRs, or how many of them are in front (a hop count), so rate
   * limits see the visitor's address in X-Forwarded-For. Never "trust everyone": see server/config.ts.
   */
  trustProxy?: string[] | number;
  webhook?: WebhookSettings;
  limits?: Partial<ConnectionLimits>;
  /** Each submission's deadline and how many may wait on the database at once (server/submission-gate.ts). */
  submissions?: Partial<SubmissionLimits>;
}

export const DEFAULT_RATE_LIMIT = { max: 20, timeWindowMs: 60_000 };
/**
 * 64 per address: a browser opens at most 6 connections to a site, so this is ten busy visitors behind one NAT, and
 * 16 clients are needed to fill the 1,024 (a greedy one alone holds 6% of them).
 */
export const DEFAULT_LIMITS: ConnectionLimits = {
  requestTimeoutMs: 10_000,
  maxConnections: 1024,
  maxConnectionsPerAddress: 64,
  keepAliveTimeoutMs: 5000,
};
const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;

export async function createServer(options: ServerOptions) {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const site = servedSite(options.distDir);
  // Filled once the app is ready, before it listens: for answers written where the hooks do not run.
  let securityHeaders: Record<string, string> = {};
  const app = Fastify({
    logger: options.logLevel ? loggerOptions(options.logLevel) : false,
    genReqId: () => randomUUID(),
    trustProxy: fastifyTrustProxy(options.trustProxy),
    pluginTimeout: PLUGIN_SETUP_DEADLINE_MS,
    // Slow or stalled clients cannot hold a connection: the whole request (headers included) must arrive in time,
    // checked every second rather than Node's default 30 s.
    requestTimeout: limits.requestTimeoutMs,
    http: { requestTimeout: limits.requestTimeoutMs, headersTimeout: limits.requestTimeoutMs, connectionsCheckingInterval: 1000 },
    // Nor can idle ones: a kept-alive connection with no request is closed after this (Fastify's default is 72 s).
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Requests that arrive while the server drains (SIGTERM) are answered by the hook below, in the endpoint's words.
    return503OnClosing: false,
    // A URL that cannot be decoded gets the site's 404 page, not a framework's JSON error; no hook has run for it.
    frameworkErrors: (_error, request, reply) =>
      sendNotFound(reply.headers(securityHeaders).header('X-Request-Id', request.id), site.of(request.raw).notFound(request.url)),
    // Requests Node's parser refuses, answered in the endpoint's words (server/protocol-errors.ts).
    clientErrorHandler: clientErrorHandler(() => securityHeaders),
  });
  trackAnswers(app.server);
  keepPipelinedRequestsInOrder(app);
  reportTooManyHops(app, options.trustProxy);
  app.server.maxConnections = limits.maxConnections;
  limitConnectionsPerAddress(app.server, limits.maxConnectionsPerAddress, isTrustedPeer(options.trustProxy));
  // Route every method Node parses, so the lead endpoint can answer each one but POST with 405.
  for (const method of METHODS) if (method !== 'CONNECT' && !app.supportedMethods.includes(method)) app.addHttpMethod(method);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  // Before the security headers' hook: the request's CSP, file and not-found page come from one release.
  app.addHook('onRequest', async (request) => site.hold(request.raw));

  const store =
    options.store ??
    (await openLeadStore(options, {
      recordEvents: options.webhook !== undefined,
      lockWaitMs: options.lockWaitMs,
      poolSize: options.poolSize,
      onIdleError: (error) => app.log.warn({ err: error }, 'an idle database connection failed'),
      log: app.log.child({ component: 'lead-store' }),
    }));
  if (options.webhook) for (const warning of webhookUrlWarnings(options.webhook.url)) app.log.warn(warning);
  const dispatcher = options.webhook
    ? new WebhookDispatcher({
        outbox: store.outbox,
        url: options.webhook.url,
        secrets: [options.webhook.secret, ...(options.webhook.previousSecret ? [options.webhook.previousSecret] : [])],
        timeoutMs: options.webhook.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS,
        retry: options.webhook.retry ?? DEFAULT_RETRY,
        log: app.log.child({ component: 'webhook' }),
      })
    : undefined;
  // Runs after the server stopped taking requests and in-flight ones were answered.
  app.addHook('onClose', async () => {
    await dispatcher?.stop();
    await store.close();
  });
  app.addHook('onReady', async () => dispatcher?.start());

  await registerSecurityHeaders(app, { site, connectSrc: options.connectSrc ?? [] });
  refuseWhileDraining(app);
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  registerHealthRoutes(app, store);
  await app.register(leadRoutes, {
    prefix: LEADS_PREFIX,
    store,
    rateLimit: options.rateLimit ?? DEFAULT_RATE_LIMIT,
    corsOrigins: options.corsOrigins ?? [],
    onStored: dispatcher && (() => dispatcher.wake()),
    submissions: {
      deadlineMs: options.submissions?.deadlineMs ?? DEFAULT_SUBMISSION_LIMITS.deadlineMs,
      maxWaiting: options.submissions?.maxWaiting ?? defaultMaxWaiting(limits.maxConnections),
    },
  });
  await registerStaticSite(app, site);
  app.decorate('leadStore', store);
  await app.ready();
  securityHeaders = await securityHeaderSnapshot(app, '/healthz');
  return app;
}

/**
 * Once close() has begun, the server takes no new connections, but a connection with a request in flight can still
 * carry another one. It is answered 503 as the lead endpoint answers errors (`{ error: { code, message } }`,
 * never cached, Retry-After), with Connection: close, so the client or balancer retries on another server.
 * Added after the security headers' hook, so the answer carries them too.
 */
function refuseWhileDraining(app: FastifyInstance) {
  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!draining) return;
    return reply
      .code(503)
      .header('Connection', 'close')
      .header('Cache-Control', 'no-store')
      .header('Retry-After', String(RETRY_AFTER_UNAVAILABLE_S))
      .send(errorBody('shutting_down', 'This server is shutting down; please try again in a few seconds.'));
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The store this server writes leads to (for the startup log and tests). */
    leadStore: LeadStore;
    /** From now on every request is answered 503 shutting_down with Connection: close (before close(), on SIGTERM). */
    startDraining: () => void;
  }
}
