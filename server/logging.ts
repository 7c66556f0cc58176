/**
 * Structured JSON logs (pino, through Fastify): one line per event, each request's
 * lines carrying its `reqId` (also sent back as X-Request-Id).
 *
 * Email addresses are never logged: request bodies are not logged, URLs are logged
 * without their query string (campaign links can carry personal data), and database
 * errors without their `detail` (PostgreSQL puts the offending values there).
 * A submission is traced by its request id; a delivery by its event id.
 */
import type { FastifyServerOptions } from 'fastify';

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
}

type LoggableError = Error & { code?: string; constraint?: string };

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

function serializeError(error: LoggableError): SerializedError {
  return {
    type: error.name,
    message: error.message,
    stack: error.stack ?? '',
    code: error.code,
    constraint: error.constraint,
    cause: error.cause instanceof Error ? serializeError(error.cause) : undefined,
  };
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: {
      req: (request: LoggedRequest) => ({ method: request.method, path: request.url.split('?')[0], remoteAddress: request.ip }),
      err: serializeError,
    },
  };
}
