/**
 * The prerendered site from dist/: each route's index.html, dist/404.html with
 * status 404 for anything else. Vite's hashed files under /assets/ never change,
 * so they are cached for a year; HTML is revalidated on every visit.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** favicon, robots.txt, sitemap.xml: not hashed, rarely changed. */
const SHORT = 'public, max-age=3600';

export async function registerStaticSite(app: FastifyInstance, distDir: string) {
  const notFoundFile = join(distDir, '404.html');
  const notFoundHtml = existsSync(notFoundFile)
    ? readFileSync(notFoundFile, 'utf8')
    : '<!doctype html><title>Not found</title><h1>404</h1>';
  const assetsDir = join(distDir, 'assets') + sep;

  await app.register(fastifyStatic, {
    root: distDir,
    index: ['index.html'],
    redirect: false,
    extensions: [],
    wildcard: true,
    // dist/.vite/manifest.json is build metadata, not part of the site.
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders: (reply, path) => {
      const cacheControl = path.startsWith(assetsDir) ? IMMUTABLE : path.endsWith('.html') ? REVALIDATE : SHORT;
      reply.header('Cache-Control', cacheControl);
    },
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).header('Cache-Control', REVALIDATE).type('text/html; charset=utf-8').send(notFoundHtml);
  });
}
