/**
 * The lead endpoint, `POST /functions/v1/submit-email` (spec section 7), as an
 * encapsulated Fastify plugin: its CORS, rate limit and error format stay here.
 */
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { LEAD_ENDPOINT_PATH, type LeadAccepted } from '../src/leads/contract/endpoint';
import { ApiError, errorBody, RETRY_AFTER_UNAVAILABLE_S, toApiError } from './api-error';
import { duplicateKey, parseIdempotencyKey, parseLeadBody, unsupportedContentType, userAgentOf } from './lead-request';
import type { LeadStore } from './store/types';
import { SubmissionGate, type SubmissionLimits } from './submission-gate';

export const LEADS_PREFIX = '/functions/v1';
const ROUTE = LEAD_ENDPOINT_PATH.slice(LEADS_PREFIX.length);

/**
 * Spec: at most 4 KB of JSON. An email is at most 254 characters (ASCII), a page 512 (up to 1,536 bytes in UTF-8),
 * a placement 40 and a locale 35: with the names and quotes, under 2 KB written plainly.
 */
const BODY_LIMIT = 4096;

export interface LeadRoutesOptions {
  store: LeadStore;
  /** Submissions per IP address per window. */
  rateLimit: { max: number; timeWindowMs: number };
  /** Origins allowed to call the endpoint from the browser (another site using this server as its backend). */
  corsOrigins: string[];
  /** Called after a submission was stored (the webhook dispatcher starts on its event). */
  onStored?: () => void;
  /** The deadline of each submission and how many may wait on the database at once. */
  submissions: SubmissionLimits;
}

/** Every answer that stores or replays a lead is this one, so a known email cannot be told from a new one. */
const ACCEPTED: LeadAccepted = { ok: true };

const methodNotAllowed = () => new ApiError(405, 'method_not_allowed', 'Submit a lead with POST.');

export const leadRoutes: FastifyPluginAsync<LeadRoutesOptions> = async (app: FastifyInstance, options) => {
  const { store } = options;
  const gate = new SubmissionGate(options.submissions);

  app.setErrorHandler((error, request, reply) => {
    // A body on another method fails to parse before its handler runs; the answer is still 405.
    const apiError = request.method === 'POST' ? toApiError(error as Error, BODY_LIMIT) : methodNotAllowed();
    if (apiError.statusCode === 405) reply.header('Allow', 'POST');
    if (apiError.statusCode === 503) {
      // The connection is given back at once: while the database is out, idle ones would only hold the server's cap.
      reply.header('Retry-After', String(RETRY_AFTER_UNAVAILABLE_S)).header('Connection', 'close');
      request.log.warn({ err: error }, 'lead store unavailable');
    } else if (apiError.statusCode >= 500) {
      request.log.error({ err: error }, 'lead submission failed');
    }
    reply.code(apiError.statusCode).send(errorBody(apiError.code, apiError.message));
  });

  // Answers about leads, errors included, are never cached (by the browser or by a proxy).
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  if (options.corsOrigins.length > 0) {
    const allowed = new Set(options.corsOrigins);
    await app.register(cors, {
      // `false` for any other origin sends no CORS header at all (a list would still send the preflight's).
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin) ? origin : false),
      methods: ['POST'],
      allowedHeaders: ['Content-Type', 'Idempotency-Key'],
      exposedHeaders: ['Retry-After', 'Idempotent-Replayed'],
      maxAge: 600,
    });
  }

  // JSON.parse (not Fastify's parser) so a malformed body is answered with what is wrong and where.
  // A "__proto__" key only becomes an own property here, and the body is read through a schema, never merged.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    if (text === '')
      return done(new ApiError(400, 'empty_body', 'The body is empty; send a JSON object such as {"email": "name@example.com"}.'));
    let body: unknown;
    try {
      body = JSON.parse(text as string);
    } catch (error) {
      return done(new ApiError(400, 'malformed_json', `The body is not valid JSON: ${(error as Error).message}`));
    }
    const duplicate = duplicateKey(text as string);
    if (duplicate !== null) {
      return done(new ApiError(400, 'duplicate_key', `The body names "${duplicate.slice(0, 40)}" more than once; send each field once.`));
    }
    done(null, body);
  });

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, 'rate_limited', `Too many submissions from this address; try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
  });

  app.post(ROUTE, {
    bodyLimit: BODY_LIMIT,
    config: { rateLimit: { max: options.rateLimit.max, timeWindow: options.rateLimit.timeWindowMs } },
    // Before the body is read: JSON in UTF-8 only. A plain HTML form on another site cannot send JSON, so it cannot post here.
    preParsing: async (request, _reply, payload) => {
      const problem = unsupportedContentType(request.headers['content-type']);
      if (problem) throw problem;
      return payload;
    },
    handler: async (request, reply) => {
      const body = parseLeadBody(request.body);
      const idempotencyKey = parseIdempotencyKey(request.headers['idempotency-key']);
      const input = {
        email: body.email,
        page: body.page ?? null,
        placement: body.placement ?? null,
        locale: body.locale ?? null,
        userAgent: userAgentOf(request.headers['user-agent']),
        idempotencyKey,
      };
      const outcome = await gate.run(reply.elapsedTime, (signal) => store.submit(input, signal));
      if (outcome === 'key-conflict') {
        throw new ApiError(
          422,
          'idempotency_key_reused',
          'This Idempotency-Key was already used for another email; make a new key per submission.',
        );
      }
      if (outcome === 'replayed') reply.header('Idempotent-Replayed', 'true');
      else options.onStored?.();
      return reply.code(200).send(ACCEPTED);
    },
  });

  // Every other method Fastify routes (app.ts adds all that Node parses), OPTIONS included: a CORS preflight
  // from an allowed origin is answered by the CORS hook before this handler runs.
  app.route({
    method: app.supportedMethods.filter((method) => method !== 'POST'),
    url: ROUTE,
    handler: async () => {
      throw methodNotAllowed();
    },
  });
};
