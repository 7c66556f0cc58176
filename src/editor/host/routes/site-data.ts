/** A language's site data module of a content, as a page's islands load it (`default.js`, `es.js`), or 404. */
import type { FastifyReply } from 'fastify';
import type { SiteRendering } from '../content-worker/content-workers';

export async function sendSiteData(reply: FastifyReply, content: SiteRendering, file: string) {
  const module = await content.siteData(file);
  if (module === undefined) return reply.code(404).send({ error: 'not_found', message: 'No such language.' });
  return reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-store').send(module);
}
