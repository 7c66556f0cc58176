/** The server's settings from the environment, for `npm start` and the lead commands (each has a production default). */
import { join } from 'node:path';
import type { ServerOptions } from './app';
import { DEFAULT_LIMITS, DEFAULT_RATE_LIMIT } from './app';
import { DEFAULT_SUBMISSION_LIMITS } from './submission-gate';
import { parseTrustProxy } from './trust-proxy';
import { DEFAULT_RETRY } from './webhook/backoff';

const ROOT_DIR = join(import.meta.dirname, '..');

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function wholeNumber(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number of at least ${min}, not "${value}"`);
  return n;
}

function webhook(env: NodeJS.ProcessEnv): ServerOptions['webhook'] {
  const url = env.LEADS_WEBHOOK_URL;
  if (!url) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`LEADS_WEBHOOK_URL must be an http(s) URL, not "${url}"`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new Error(`LEADS_WEBHOOK_URL must be an http(s) URL, not "${url}"`);
  const secret = env.LEADS_WEBHOOK_SECRET ?? '';
  if (secret.length < 32) {
    throw new Error('LEADS_WEBHOOK_SECRET must be set to at least 32 characters when LEADS_WEBHOOK_URL is (e.g. `openssl rand -hex 32`)');
  }
  // Changing the secret: the new one in LEADS_WEBHOOK_SECRET, the old one here until the receiver has the new one.
  const previousSecret = env.LEADS_WEBHOOK_SECRET_PREVIOUS || undefined;
  if (previousSecret !== undefined && previousSecret.length < 32) {
    throw new Error('LEADS_WEBHOOK_SECRET_PREVIOUS must be the secret being replaced, at least 32 characters, or unset');
  }
  if (previousSecret === secret) {
    throw new Error('LEADS_WEBHOOK_SECRET_PREVIOUS is the same as LEADS_WEBHOOK_SECRET: set it to the secret being replaced, or unset it');
  }
  return {
    url,
    secret,
    previousSecret,
    timeoutMs: wholeNumber('LEADS_WEBHOOK_TIMEOUT_MS', env.LEADS_WEBHOOK_TIMEOUT_MS, 10_000, 1),
    retry: {
      ...DEFAULT_RETRY,
      baseMs: wholeNumber('LEADS_WEBHOOK_RETRY_BASE_MS', env.LEADS_WEBHOOK_RETRY_BASE_MS, DEFAULT_RETRY.baseMs, 1),
    },
  };
}

export interface StartConfig extends ServerOptions {
  port: number;
  host: string;
  leadsDb: string;
  /** How long in-flight requests get to finish on SIGTERM before their connections are cut. */
  shutdownGraceMs: number;
}

/**
 * PORT (8080), HOST (0.0.0.0), DIST_DIR (dist), DATABASE_URL (PostgreSQL; unset: SQLite), DATABASE_POOL_SIZE (10),
 * LEADS_DB (data/leads.db), LEADS_RATE_LIMIT (submissions per IP per minute, 20), LEADS_CORS_ORIGINS (comma-separated
 * origins), LEADS_API_BASE (added to CSP connect-src), TRUST_PROXY (proxies' addresses/CIDRs, or a hop count),
 * LEADS_WEBHOOK_URL + LEADS_WEBHOOK_SECRET (+ _SECRET_PREVIOUS, _TIMEOUT_MS, _RETRY_BASE_MS), REQUEST_TIMEOUT_MS (10000),
 * MAX_CONNECTIONS (1024), MAX_CONNECTIONS_PER_ADDRESS (64), KEEP_ALIVE_TIMEOUT_MS (5000), SUBMIT_DEADLINE_MS (4500),
 * SUBMIT_QUEUE_LIMIT (MAX_CONNECTIONS / 4, at most 256), SHUTDOWN_GRACE_MS (10000), LOG_LEVEL (info). See docs/lead-server.md.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): StartConfig {
  return {
    port: wholeNumber('PORT', env.PORT, 8080, 0),
    host: env.HOST || '0.0.0.0',
    distDir: env.DIST_DIR || join(ROOT_DIR, 'dist'),
    databaseUrl: env.DATABASE_URL || undefined,
    poolSize: wholeNumber('DATABASE_POOL_SIZE', env.DATABASE_POOL_SIZE, 10, 1),
    leadsDb: env.LEADS_DB || join(ROOT_DIR, 'data', 'leads.db'),
    rateLimit: { max: wholeNumber('LEADS_RATE_LIMIT', env.LEADS_RATE_LIMIT, DEFAULT_RATE_LIMIT.max, 1), timeWindowMs: 60_000 },
    corsOrigins: list(env.LEADS_CORS_ORIGINS),
    connectSrc: list(env.LEADS_API_BASE),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webhook: webhook(env),
    limits: {
      requestTimeoutMs: wholeNumber('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, DEFAULT_LIMITS.requestTimeoutMs, 1),
      maxConnections: wholeNumber('MAX_CONNECTIONS', env.MAX_CONNECTIONS, DEFAULT_LIMITS.maxConnections, 1),
      maxConnectionsPerAddress: wholeNumber(
        'MAX_CONNECTIONS_PER_ADDRESS',
        env.MAX_CONNECTIONS_PER_ADDRESS,
        DEFAULT_LIMITS.maxConnectionsPerAddress,
        1,
      ),
      keepAliveTimeoutMs: wholeNumber('KEEP_ALIVE_TIMEOUT_MS', env.KEEP_ALIVE_TIMEOUT_MS, DEFAULT_LIMITS.keepAliveTimeoutMs, 1),
    },
    submissions: {
      deadlineMs: wholeNumber('SUBMIT_DEADLINE_MS', env.SUBMIT_DEADLINE_MS, DEFAULT_SUBMISSION_LIMITS.deadlineMs, 1),
      // Unset: a quarter of MAX_CONNECTIONS, at most 256 (server/submission-gate.ts).
      maxWaiting: env.SUBMIT_QUEUE_LIMIT ? wholeNumber('SUBMIT_QUEUE_LIMIT', env.SUBMIT_QUEUE_LIMIT, 0, 1) : undefined,
    },
    shutdownGraceMs: wholeNumber('SHUTDOWN_GRACE_MS', env.SHUTDOWN_GRACE_MS, 10_000, 0),
    logLevel: env.LOG_LEVEL || 'info',
  };
}
