/** The editor's refusals as JSON: `{ error, message }`, a stable word for code and a sentence for a person; never cached. */
import type { FastifyReply } from 'fastify';

export function sendRefusal(reply: FastifyReply, status: number, error: string, message: string): FastifyReply {
  return reply.code(status).header('Cache-Control', 'no-store').send({ error, message });
}
