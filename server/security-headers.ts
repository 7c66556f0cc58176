/**
 * Security headers for every answer: a Content-Security-Policy without
 * 'unsafe-inline' scripts (inline scripts are allowed by the hashes the build
 * wrote to dist/csp-hashes.json: those of the release a request is served from,
 * when DIST_DIR is a link a publish swaps), no framing, nosniff, a strict
 * referrer policy and a Permissions-Policy that only grants what the site uses.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { ServedSite } from './served-site';

const YOUTUBE = 'https://www.youtube-nocookie.com';

/**
 * script-src: a function helmet calls per request, giving the hashes of the release the request is served from (it
 * must be held before helmet's hook runs: server/app.ts).
 */
function scriptSources(site: ServedSite): ((request: IncomingMessage) => string)[] {
  return [(request) => ["'self'", ...site.of(request).scriptHashes].join(' ')];
}

function contentSecurityPolicy(site: ServedSite, connectSrc: string[]) {
  return {
    'default-src': ["'self'"],
    'script-src': scriptSources(site),
    'script-src-attr': ["'none'"],
    // Mantine injects a <style> element and sets style attributes at run time, which cannot be hashed ahead of time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...connectSrc],
    'frame-src': [YOUTUBE],
    'media-src': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** Features the site uses: the phone copy button (clipboard) and the YouTube player. Everything else is off. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'browsing-topics=()',
  'clipboard-write=(self)',
  `autoplay=(self "${YOUTUBE}")`,
  `encrypted-media=(self "${YOUTUBE}")`,
  `fullscreen=(self "${YOUTUBE}")`,
  `picture-in-picture=(self "${YOUTUBE}")`,
].join(', ');

export async function registerSecurityHeaders(app: FastifyInstance, options: { site: ServedSite; connectSrc: string[] }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(options.site, options.connectSrc),
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // The YouTube player is a cross-origin frame that does not send CORP/COEP headers.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    return payload;
  });
}

/** Headers about one answer, not the site's policy. */
const PER_ANSWER = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'cache-control', 'x-request-id']);

/**
 * The security headers, read from a real answer so they are exactly what the hooks above set, for answers written
 * where Fastify's hooks do not run: protocol errors on the raw socket, and URLs that cannot be decoded. Call once
 * the app is ready. (Its CSP names the script hashes of the release served then: these answers run no script.)
 */
export async function securityHeaderSnapshot(app: FastifyInstance, path: string): Promise<Record<string, string>> {
  const { headers } = await app.inject({ method: 'GET', url: path });
  return Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string] => !PER_ANSWER.has(entry[0]) && typeof entry[1] === 'string'),
  );
}
