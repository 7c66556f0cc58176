/**
 * Health checks for a load balancer: `/healthz` says the process answers,
 * `/readyz` that it can also reach its lead database (send traffic here or not).
 */
import type { FastifyInstance } from 'fastify';
import type { LeadStore } from './store/types';

/** A readiness probe must answer before the balancer's own timeout, even when the database hangs. */
const READY_TIMEOUT_MS = 2000;

export function registerHealthRoutes(app: FastifyInstance, store: LeadStore) {
  // A balancer asks every few seconds: its requests are not logged unless something is wrong.
  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', { logLevel: 'warn' }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        store.ping(),
        new Promise(
          (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS)),
        ),
      ]);
      return reply.send({ status: 'ok', store: store.kind });
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check: lead database unreachable');
      return reply.code(503).send({ status: 'unavailable', store: store.kind });
    } finally {
      clearTimeout(timer);
    }
  });
}
