/**
 * The prerendered site from DIST_DIR (server/served-site.ts: a folder, or a link to the release a publish swapped
 * in): each route's index.html, the 404.html of the URL's language with status 404 for anything else. Vite's hashed
 * files under /assets/, the images under /_img/ (named by their content) and the social cards under /social/ (named by
 * a hash of what they show) never change, so they are cached for a year; HTML is revalidated on every visit.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { posix, join, sep } from 'node:path';
import type { ServedSite } from './served-site';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Folders whose files are named by a hash of their contents: Vite's bundles, the images (src/engine/model/picture.ts),
 * the social cards (src/render/social-image.ts).
 */
const HASHED_FOLDERS = ['assets', '_img', 'social'];
const REVALIDATE = 'no-cache';
/** favicon, robots.txt, sitemap.xml: not hashed, rarely changed. */
const SHORT = 'public, max-age=3600';
/**
 * Build output the server reads but visitors have no business with. A not-found page (each language has one,
 * dist/404.html and dist/<prefix>/404.html) is only ever the answer to a missing path, with 404: a 200 for
 * /404.html would be a "soft 404" that search engines index.
 */
const isPrivate = (pathName: string) => pathName === '/csp-hashes.json' || pathName.endsWith('/404.html');

export function sendNotFound(reply: FastifyReply, html: string) {
  return reply.code(404).header('Cache-Control', REVALIDATE).type('text/html; charset=utf-8').send(html);
}

export async function registerStaticSite(app: FastifyInstance, site: ServedSite) {
  const notFoundHtml = (request: FastifyRequest) => site.of(request.raw).notFound(request.url);
  /** Whether a file sent is one of the hashed files of the folder it was sent from (or of a release kept beside it). */
  const isAsset = (path: string, request: FastifyRequest) => {
    const { dir, assetFallbacks } = site.of(request.raw);
    return [dir, ...assetFallbacks].some((root) => HASHED_FOLDERS.some((folder) => path.startsWith(join(root, folder) + sep)));
  };

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
    if (status >= 400 && status < 500) return sendNotFound(reply, notFoundHtml(request));
    request.log.error({ err: error }, 'could not serve a page');
    return reply.code(500).header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send('Internal Server Error');
  });

  await app.register(fastifyStatic, {
    // Served by the route below, from each request's release: DIST_DIR may become a link while the server runs.
    serve: false,
    index: ['index.html'],
    redirect: false,
    extensions: [],
    wildcard: true,
    // dist/.vite/manifest.json is build metadata, not part of the site.
    dotfiles: 'ignore',
    allowedPath: (pathName) => !isPrivate(pathName),
    cacheControl: false,
    setHeaders: (reply, path) => {
      const cacheControl = isAsset(path, reply.request) ? IMMUTABLE : path.endsWith('.html') ? REVALIDATE : SHORT;
      reply.header('Cache-Control', cacheControl);
    },
  });
  serveReleases(app, site);

  app.setNotFoundHandler((request, reply) => sendNotFound(reply, notFoundHtml(request)));
}

/**
 * The path a URL asks for, decoded, as the file server's own route takes it (@fastify/static 10: its wildcard route's
 * getPathnameForSend); undefined for a path that does not decode or is not canonical (`..`, `.`, `//`, a backslash),
 * which is answered as not found, as that route answers it.
 */
function requestedPath(url: string): string | undefined {
  const query = url.indexOf('?');
  const path = url.slice(0, query === -1 ? url.length : query) || '/';
  try {
    const decoded = decodeURI(path.replace(/%(?:23|3f)/giu, decodeURIComponent));
    const canonical = !/(?:^|[\\/])\.\.(?:[\\/]|$)/u.test(decoded) && !decoded.includes('\\') && posix.normalize(decoded) === decoded;
    return canonical ? decoded : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every GET and HEAD the other routes do not take, answered from the release the request is held to: its root for
 * this request alone, so the file's size and its contents come from the same release even if the link is swapped
 * while it is sent. An asset the release does not have comes from the newest release kept beside it that has it.
 */
function serveReleases(app: FastifyInstance, site: ServedSite) {
  app.route({
    method: ['HEAD', 'GET'],
    url: '/*',
    // As the file server's own route: a client gone mid-answer is not an error to report.
    errorHandler(error: Error & { code?: string }, request, reply) {
      if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') return void request.raw.destroy();
      return app.errorHandler(error, request, reply);
    },
    handler(request, reply) {
      const path = requestedPath(request.raw.url ?? '/');
      if (path === undefined) return reply.callNotFound();
      const { dir, assetFallbacks } = site.of(request.raw);
      const root =
        path.startsWith('/assets/') && !existsSync(join(dir, path))
          ? (assetFallbacks.find((fallback) => existsSync(join(fallback, path))) ?? dir)
          : dir;
      return reply.sendFile(path, root);
    },
  });
}
