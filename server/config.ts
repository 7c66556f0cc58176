/** The server's settings from the environment, for `npm start` (each has a production default). */
import { join } from 'node:path';
import type { ServerOptions } from './app';
import { DEFAULT_RATE_LIMIT } from './app';

export const ROOT_DIR = join(import.meta.dirname, '..');

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

function trustProxy(value: string | undefined): ServerOptions['trustProxy'] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return list(value);
}

export interface StartConfig extends ServerOptions {
  port: number;
  host: string;
  leadsDb: string;
}

/**
 * PORT (8080), HOST (0.0.0.0), DIST_DIR (dist), LEADS_DB (data/leads.db),
 * LEADS_RATE_LIMIT (submissions per IP per minute, 20), LEADS_CORS_ORIGINS
 * (comma-separated origins), LEADS_API_BASE (added to CSP connect-src),
 * TRUST_PROXY (true, or the proxies' addresses/CIDRs, comma-separated), LOG_LEVEL (info).
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): StartConfig {
  return {
    port: wholeNumber('PORT', env.PORT, 8080, 0),
    host: env.HOST || '0.0.0.0',
    distDir: env.DIST_DIR || join(ROOT_DIR, 'dist'),
    leadsDb: env.LEADS_DB || join(ROOT_DIR, 'data', 'leads.db'),
    rateLimit: { max: wholeNumber('LEADS_RATE_LIMIT', env.LEADS_RATE_LIMIT, DEFAULT_RATE_LIMIT.max, 1), timeWindowMs: 60_000 },
    corsOrigins: list(env.LEADS_CORS_ORIGINS),
    connectSrc: list(env.LEADS_API_BASE),
    trustProxy: trustProxy(env.TRUST_PROXY),
    logger: { level: env.LOG_LEVEL || 'info' },
  };
}
