/**
 * The site's server: the prerendered dist/ and the lead endpoint on one port.
 * `createServer({ distDir })` alone gives safe defaults for tests (an in-memory
 * lead database, the production rate limit, no CORS); `npm start` passes the
 * options read from the environment (server/config.ts).
 */
import compress from '@fastify/compress';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { LEADS_PREFIX, leadRoutes } from './lead-routes';
import { LeadStore } from './lead-store';
import { registerSecurityHeaders } from './security-headers';
import { registerStaticSite } from './static-site';

export interface ServerOptions {
  distDir: string;
  logger?: FastifyServerOptions['logger'];
  /** SQLite file for leads; ':memory:' (the default) keeps them only while the process runs. */
  leadsDb?: string;
  /** Lead submissions allowed per client IP address per window. */
  rateLimit?: { max: number; timeWindowMs: number };
  /** Browser origins allowed to post leads cross-origin. */
  corsOrigins?: string[];
  /** Extra CSP connect-src origins, e.g. another lead backend the pages were built to call. */
  connectSrc?: string[];
  /** Behind a reverse proxy, trust its X-Forwarded-For so rate limits apply per visitor (Fastify's trustProxy). */
  trustProxy?: FastifyServerOptions['trustProxy'];
}

export const DEFAULT_RATE_LIMIT = { max: 20, timeWindowMs: 60_000 };

export async function createServer(options: ServerOptions) {
  const app = Fastify({ logger: options.logger ?? false, trustProxy: options.trustProxy ?? false });
  const store = new LeadStore(options.leadsDb ?? ':memory:');
  // Runs after the server stopped taking requests and in-flight ones were answered.
  app.addHook('onClose', async () => store.close());

  await registerSecurityHeaders(app, { distDir: options.distDir, connectSrc: options.connectSrc ?? [] });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(leadRoutes, {
    prefix: LEADS_PREFIX,
    store,
    rateLimit: options.rateLimit ?? DEFAULT_RATE_LIMIT,
    corsOrigins: options.corsOrigins ?? [],
  });
  await registerStaticSite(app, options.distDir);
  return app;
}
