/** A language's site data module of a content, as a page's islands load it (`default.js`, `es.js`), or 404. */
import type { FastifyReply } from 'fastify';
import { siteDataModuleFor, type Rendering } from '../content-rendering';

export function sendSiteData(reply: FastifyReply, content: Rendering, file: string) {
  const module = siteDataModuleFor(content, file);
  if (module === undefined) return reply.code(404).send({ error: 'not_found', message: 'No such language.' });
  return reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-store').send(module);
}
