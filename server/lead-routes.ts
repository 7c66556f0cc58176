/**
 * The lead endpoint, `POST /functions/v1/submit-email` (spec section 7), as an
 * encapsulated Fastify plugin: its CORS, rate limit and error format stay here.
 */
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { LEAD_ENDPOINT_PATH } from '../src/leads/submit-lead';
import { ApiError, errorBody, toApiError } from './api-error';
import { parseIdempotencyKey, parseLeadBody } from './lead-request';
import type { LeadStore } from './lead-store';

export const LEADS_PREFIX = '/functions/v1';
const ROUTE = LEAD_ENDPOINT_PATH.slice(LEADS_PREFIX.length);

/** Spec: at most 4 KB of JSON; an email is at most 254 characters, so this leaves room for page and placement. */
const BODY_LIMIT = 4096;
const USER_AGENT_MAX = 512;

export interface LeadRoutesOptions {
  store: LeadStore;
  /** Submissions per IP address per window. */
  rateLimit: { max: number; timeWindowMs: number };
  /** Origins allowed to call the endpoint from the browser (another site using this server as its backend). */
  corsOrigins: string[];
}

/** Every answer that stores or replays a lead is this one, so a known email cannot be told from a new one. */
const ACCEPTED = { ok: true } as const;

const isJson = (contentType: string | undefined) => /^application\/json\s*(;|$)/i.test(contentType ?? '');

export const leadRoutes: FastifyPluginAsync<LeadRoutesOptions> = async (app: FastifyInstance, options) => {
  const { store } = options;

  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error as Error, BODY_LIMIT);
    if (apiError.statusCode >= 500) request.log.error({ err: error }, 'lead submission failed');
    reply.code(apiError.statusCode).send(errorBody(apiError.code, apiError.message));
  });

  if (options.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: options.corsOrigins,
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
    try {
      done(null, JSON.parse(text as string));
    } catch (error) {
      done(new ApiError(400, 'malformed_json', `The body is not valid JSON: ${(error as Error).message}`));
    }
  });

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, 'rate_limited', `Too many submissions from this address; try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
  });

  app.post(ROUTE, {
    bodyLimit: BODY_LIMIT,
    config: { rateLimit: { max: options.rateLimit.max, timeWindow: options.rateLimit.timeWindowMs } },
    // Before the body is read: JSON only. A plain HTML form on another site cannot send JSON, so it cannot post here.
    preParsing: async (request, _reply, payload) => {
      if (!isJson(request.headers['content-type'])) {
        throw new ApiError(415, 'unsupported_media_type', 'Send the body as Content-Type: application/json.');
      }
      return payload;
    },
    handler: async (request, reply) => {
      const body = parseLeadBody(request.body);
      const idempotencyKey = parseIdempotencyKey(request.headers['idempotency-key']);
      const outcome = await store.submit({
        email: body.email,
        page: body.page ?? null,
        placement: body.placement ?? null,
        userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null,
        idempotencyKey,
      });
      if (outcome === 'key-conflict') {
        throw new ApiError(
          422,
          'idempotency_key_reused',
          'This Idempotency-Key was already used for another email; make a new key per submission.',
        );
      }
      if (outcome === 'replayed') reply.header('Idempotent-Replayed', 'true');
      reply.header('Cache-Control', 'no-store');
      return reply.code(200).send(ACCEPTED);
    },
  });

  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE'],
    url: ROUTE,
    handler: async (_request, reply) => {
      reply.header('Allow', 'POST');
      throw new ApiError(405, 'method_not_allowed', 'Submit a lead with POST.');
    },
  });
};
