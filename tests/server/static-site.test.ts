/**
 * Static serving of the built site (DIST_DIR, default dist/, as a folder and through a link): routes, the 404
 * page, caching, compression and security headers, and the two build-time
 * guarantees the Content-Security-Policy relies on.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../server/app';
import buildSiteIfMissing from '../browser/global-setup';
import { DIST_DIR } from '../../test-support/browser';

/** A link to `dir` in a folder of its own, as a publish's SITE_LINK points at the release it serves. */
function linkTo(dir: string): string {
  const link = join(mkdtempSync(join(tmpdir(), 'served-link-')), 'current');
  symlinkSync(dir, link);
  return link;
}

/**
 * Served as it ships, from a folder, and as a publish serves it, through a link to a release (server/served-site.ts:
 * each request answered from the release the link names when it arrives): every answer below is the same either way.
 */
describe.each(['a folder', 'a link to a release'])('DIST_DIR as %s', (served) => {
  let baseURL: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    buildSiteIfMissing();
    const distDir = served === 'a folder' ? DIST_DIR : linkTo(DIST_DIR);
    // Kept-alive connections stay open for the whole file: with the default 5 s, a request reusing one that sat idle
    // while a slow test ran (brotli under CPU starvation took 8 s) raced the server's close and was reset.
    const app = await createServer({ distDir, limits: { keepAliveTimeoutMs: 120_000 } });
    baseURL = await app.listen({ port: 0, host: '127.0.0.1' });
    close = () => app.close();
  });
  afterAll(() => close?.());

  function htmlFiles(dir = DIST_DIR): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? htmlFiles(join(dir, entry.name)) : entry.name.endsWith('.html') ? [join(dir, entry.name)] : [],
    );
  }

  /** fetch, with the body read, so no response is left open (an unread body would hold the server's close). */
  async function load(path: string, init?: RequestInit) {
    const response = await fetch(baseURL + path, init);
    const body = Buffer.from(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, body, text: body.toString('utf8') };
  }

  /**
   * A GET sent and answered as is: the path unnormalised (fetch would resolve `..`) and the body still encoded
   * (fetch would decode it), to check both.
   */
  function rawGet(path: string, acceptEncoding = 'identity', headers: Record<string, string> = {}) {
    const { hostname, port } = new URL(baseURL);
    return new Promise<{
      status: number;
      type: string | undefined;
      encoding: string | undefined;
      headers: Record<string, unknown>;
      body: Buffer;
    }>((resolve, reject) => {
      httpGet({ hostname, port, path, headers: { 'accept-encoding': acceptEncoding, ...headers } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            type: response.headers['content-type'],
            encoding: response.headers['content-encoding'],
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      }).on('error', reject);
    });
  }

  const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

  function cspDirectives(header: string | null): Map<string, string[]> {
    return new Map(
      (header ?? '').split(';').map((part) => {
        const [name, ...values] = part.trim().split(/\s+/);
        return [name, values] as [string, string[]];
      }),
    );
  }

  describe('routes', () => {
    it("serves each route's own index.html", async () => {
      for (const route of ['/', '/story', '/terms']) {
        const response = await load(route);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^text\/html/);
        expect(response.text).toBe(readFileSync(join(DIST_DIR, route, 'index.html'), 'utf8'));
      }
    });

    it('answers unknown paths with dist/404.html and status 404', async () => {
      const response = await load('/no/such/page');
      expect(response.status).toBe(404);
      expect(response.text).toBe(readFileSync(join(DIST_DIR, '404.html'), 'utf8'));
      expect(response.headers.get('cache-control')).toBe('no-cache');
    });

    it("answers unknown paths under a language's prefix with that language's not-found page", async () => {
      for (const prefix of ['es', 'de']) {
        const response = await load(`/${prefix}/no/such/page`);
        expect(response.status).toBe(404);
        expect(response.text).toBe(readFileSync(join(DIST_DIR, prefix, '404.html'), 'utf8'));
        expect(response.text).toContain(`<html lang="${prefix}"`);
        expect((await load(`/${prefix}/404.html`)).status).toBe(404);
      }
      expect((await load('/esx/no/such/page')).text).toBe(readFileSync(join(DIST_DIR, '404.html'), 'utf8'));
    });

    it('answers /404.html itself with 404: the not-found page is never a page of its own (a soft 404 search engines index)', async () => {
      const response = await load('/404.html');
      expect(response.status).toBe(404);
      expect(response.text).toBe(readFileSync(join(DIST_DIR, '404.html'), 'utf8'));
    });

    it('gives every built page exactly one <h1>', () => {
      const counts = htmlFiles()
        .map((file) => ({ page: relative(DIST_DIR, file), h1: readFileSync(file, 'utf8').match(/<h1[\s>]/g)?.length ?? 0 }))
        .filter(({ h1 }) => h1 !== 1);
      expect(counts).toEqual([]);
    });

    it('does not serve build metadata from dot-folders', async () => {
      expect((await load('/.vite/manifest.json')).status).toBe(404);
    });

    it("does not serve the build's CSP hash list (the server reads it, visitors have no use for it)", async () => {
      for (const path of ['/csp-hashes.json', '/./csp-hashes.json', '/story/../csp-hashes.json', '/%63sp-hashes.json']) {
        const response = await rawGet(path);
        expect(response.status, path).toBe(404);
        expect(response.body.toString(), path).toBe(readFileSync(join(DIST_DIR, '404.html'), 'utf8'));
      }
    });

    it('answers odd paths with the 404 page, never a framework error', async () => {
      const notFound = readFileSync(join(DIST_DIR, '404.html'), 'utf8');
      const odd = [
        '/..',
        '/story/..',
        '/%2e%2e',
        '/%2e%2e/%2e%2e/etc/passwd',
        '/a/%2e%2e/%2e%2e/x',
        '/.%2e/',
        '/%2e',
        '//',
        '//etc/passwd',
        '/%5c..%5c',
        '/\\..\\',
        '/a%00b',
        '/%',
        '/%zz',
        '/%c0%ae%c0%ae/',
      ];
      const answers = [];
      for (const path of odd) {
        const response = await rawGet(path);
        answers.push({ path, status: response.status, type: response.type, page: response.body.toString() === notFound });
      }
      expect(answers).toEqual(odd.map((path) => ({ path, status: 404, type: 'text/html; charset=utf-8', page: true })));
    });
  });

  describe('caching and compression', () => {
    it('caches hashed assets and social cards for a year as immutable, and revalidates HTML', async () => {
      const home = await load('/');
      expect(home.headers.get('cache-control')).toBe('no-cache');
      const asset = home.text.match(/data-entry="(\/assets\/[^"]+\.js)"/)![1];
      const assetResponse = await load(asset);
      expect(assetResponse.status).toBe(200);
      expect(assetResponse.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // A social card is named by what it shows (src/render/social-image.ts): a changed title is another address.
      const card = new URL(home.text.match(/<meta property="og:image" content="([^"]+)"/)![1]).pathname;
      const cardResponse = await load(card);
      expect([cardResponse.status, cardResponse.headers.get('content-type')]).toEqual([200, 'image/png']);
      expect(cardResponse.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    });

    it('answers a Range on an asset: 206 for a part of it, 416 with its size when it cannot be satisfied or read', async () => {
      const asset = (await load('/')).text.match(/data-entry="(\/assets\/[^"]+\.js)"/)![1];
      const size = readFileSync(join(DIST_DIR, asset)).length;
      const part = await rawGet(asset, 'identity', { range: 'bytes=0-9' });
      expect(part.status).toBe(206);
      expect(part.body).toHaveLength(10);
      for (const range of [`bytes=${size + 10}-${size + 20}`, 'bytes=zz']) {
        const refused = await rawGet(asset, 'identity', { range });
        expect(refused.status, range).toBe(416);
        expect(refused.headers['content-range'], range).toBe(`bytes */${size}`);
      }
    });

    it('compresses with brotli or gzip, as the client asks', async () => {
      const original = readFileSync(join(DIST_DIR, 'index.html'));
      const br = await rawGet('/', 'br');
      expect(br.encoding).toBe('br');
      expect(brotliDecompressSync(br.body)).toEqual(original);
      expect(br.body.length).toBeLessThan(original.length / 3);

      const gz = await rawGet('/', 'gzip');
      expect(gz.encoding).toBe('gzip');
      expect(gunzipSync(gz.body)).toEqual(original);
    });
  });

  describe('security headers', () => {
    it('sends nosniff, the referrer policy, no framing and a Permissions-Policy on pages and on the endpoint', async () => {
      const page = await load('/');
      const api = await load('/functions/v1/submit-email', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      for (const response of [page, api]) {
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        expect(response.headers.get('x-frame-options')).toBe('DENY');
        expect(response.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
        expect(cspDirectives(response.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"]);
      }
    });

    it("has a CSP whose scripts need no 'unsafe-inline' and that allows the YouTube player", async () => {
      const csp = cspDirectives((await load('/')).headers.get('content-security-policy'));
      expect(csp.get('script-src')).toContain("'self'");
      expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
      expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-src')).toEqual(['https://www.youtube-nocookie.com']);
      expect(csp.get('connect-src')).toContain("'self'");
    });

    it('allows every inline script of every built page by its hash', async () => {
      const allowed = new Set(cspDirectives((await load('/')).headers.get('content-security-policy')).get('script-src'));
      const unhashed: string[] = [];
      for (const file of htmlFiles()) {
        const html = readFileSync(file, 'utf8');
        for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
          if (/\bsrc=/.test(attributes)) continue;
          // A data block (type="application/json") is never executed, so CSP does not apply to it.
          if (/type="application\/json"/.test(attributes)) continue;
          if (!allowed.has(sha256(body))) unhashed.push(`${relative(DIST_DIR, file)}: <script${attributes}>`);
        }
      }
      expect(unhashed).toEqual([]);
    });

    it('gives every external link in the built pages rel="noopener noreferrer"', () => {
      const bare: string[] = [];
      for (const file of htmlFiles()) {
        for (const [tag] of readFileSync(file, 'utf8').matchAll(/<a\b[^>]*\bhref="https?:[^"]*"[^>]*>/g)) {
          const rel = tag.match(/\brel="([^"]*)"/)?.[1].split(/\s+/) ?? [];
          if (!rel.includes('noopener') || !rel.includes('noreferrer')) bare.push(`${relative(DIST_DIR, file)}: ${tag.slice(0, 120)}`);
        }
      }
      expect(bare).toEqual([]);
    });
  });
});
