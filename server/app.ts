/**
 * The site's server: serves the prerendered dist/ (each route's index.html,
 * 404.html for unknown paths). The lead endpoint is added in lead-routes.
 */
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ServerOptions {
  distDir: string;
  logger?: boolean;
}

export async function createServer(options: ServerOptions) {
  const app = Fastify({ logger: options.logger ?? false });
  const notFoundHtml = existsSync(join(options.distDir, '404.html')) ? readFileSync(join(options.distDir, '404.html'), 'utf8') : 'Not found';

  await app.register(fastifyStatic, {
    root: options.distDir,
    index: ['index.html'],
    redirect: false,
    extensions: [],
    wildcard: true,
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).type('text/html; charset=utf-8').send(notFoundHtml);
  });

  return app;
}
