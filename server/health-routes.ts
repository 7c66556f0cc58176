/**
 * Health checks for a load balancer: `/healthz` says the process answers,
 * `/readyz` that it can also store leads (send traffic here or not), and if not, why in one word.
 */
import type { FastifyInstance } from 'fastify';
import { StoreUnavailableError, type LeadStore, type UnavailableReason } from './store/types';

/** A readiness probe must answer before the balancer's own timeout, even when the database hangs. */
const READY_TIMEOUT_MS = 2000;

class NoAnswer extends Error {}

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
          (_, reject) => (timer = setTimeout(() => reject(new NoAnswer(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS)),
        ),
      ]);
      return reply.send({ status: 'ok', store: store.kind });
    } catch (error) {
      // A word for the balancer's operator; the details (never sent: they may name paths) are in the log.
      const reason: UnavailableReason =
        error instanceof StoreUnavailableError ? error.reason : error instanceof NoAnswer ? 'no_answer' : 'unreachable';
      request.log.warn({ err: error, reason }, 'readiness check: the lead database cannot take submissions');
      return reply.code(503).send({ status: 'unavailable', store: store.kind, reason });
    } finally {
      clearTimeout(timer);
    }
  });
}
