/**
 * The prerendered site from dist/: each route's index.html, dist/404.html with
 * status 404 for anything else. Vite's hashed files under /assets/ never change,
 * so they are cached for a year; HTML is revalidated on every visit.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** favicon, robots.txt, sitemap.xml: not hashed, rarely changed. */
const SHORT = 'public, max-age=3600';
/**
 * Build output the server reads but visitors have no business with. A not-found page (each language has one,
 * dist/404.html and dist/<prefix>/404.html) is only ever the answer to a missing path, with 404: a 200 for
 * /404.html would be a "soft 404" that search engines index.
 */
const isPrivate = (pathName: string) => pathName === '/csp-hashes.json' || pathName.endsWith('/404.html');

/** The not-found page for a URL: its language's (the first path segment names it: /es/...), else the default's. */
export type NotFoundPages = (url: string) => string;

export function notFoundPages(distDir: string): NotFoundPages {
  const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined);
  const fallback = read(join(distDir, '404.html')) ?? '<!doctype html><title>Not found</title><h1>404</h1>';
  const byPrefix = new Map<string, string>();
  if (existsSync(distDir))
    for (const entry of readdirSync(distDir, { withFileTypes: true })) {
      const page = entry.isDirectory() && entry.name !== 'assets' ? read(join(distDir, entry.name, '404.html')) : undefined;
      if (page) byPrefix.set(entry.name, page);
    }
  return (url) => byPrefix.get(url.split(/[/?#]/)[1] ?? '') ?? fallback;
}

export function sendNotFound(reply: FastifyReply, html: string) {
  return reply.code(404).header('Cache-Control', REVALIDATE).type('text/html; charset=utf-8').send(html);
}

export async function registerStaticSite(app: FastifyInstance, distDir: string, notFoundHtml: NotFoundPages) {
  const assetsDir = join(distDir, 'assets') + sep;

  // Paths the file server refuses (`/..`, `//`, a NUL byte) get the site's 404 page, not a framework's JSON error.
  // Set before the file server is registered, so that its context inherits it.
  app.setErrorHandler((error: Error & { statusCode?: number; headers?: Record<string, string> }, request, reply) => {
    const status = error.statusCode ?? 500;
    // A Range the file cannot satisfy (or that does not parse): 416 with the file's size, so the client can ask again.
    if (status === 416) {
      return reply
        .code(416)
        .header('Content-Range', error.headers?.['Content-Range'])
        .header('Cache-Control', REVALIDATE)
        .type('text/plain; charset=utf-8')
        .send('Range Not Satisfiable');
    }
    if (status >= 400 && status < 500) return sendNotFound(reply, notFoundHtml(request.url));
    request.log.error({ err: error }, 'could not serve a page');
    return reply.code(500).header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send('Internal Server Error');
  });

  await app.register(fastifyStatic, {
    root: distDir,
    index: ['index.html'],
    redirect: false,
    extensions: [],
    wildcard: true,
    // dist/.vite/manifest.json is build metadata, not part of the site.
    dotfiles: 'ignore',
    allowedPath: (pathName) => !isPrivate(pathName),
    cacheControl: false,
    setHeaders: (reply, path) => {
      const cacheControl = path.startsWith(assetsDir) ? IMMUTABLE : path.endsWith('.html') ? REVALIDATE : SHORT;
      reply.header('Cache-Control', cacheControl);
    },
  });

  app.setNotFoundHandler((request, reply) => sendNotFound(reply, notFoundHtml(request.url)));
}
