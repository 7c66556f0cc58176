/** Errors of the lead endpoint, answered as `{ "error": { "code", "message" } }`. */
import type { FastifyError } from 'fastify';
import type { LeadErrorBody } from '../src/leads/contract/endpoint';
import { StoreUnavailableError } from './store/types';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Seconds a client should wait after a 503 (database locked or unreachable, or the server stopping). */
export const RETRY_AFTER_UNAVAILABLE_S = 2;

export const errorBody = (code: string, message: string): LeadErrorBody => ({ error: { code, message } });

/** Fastify's own request errors (parsing, size) in the endpoint's words; anything else is a 500. */
export function toApiError(error: FastifyError | Error, bodyLimit: number): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof StoreUnavailableError) {
    return new ApiError(503, 'store_unavailable', 'The lead could not be stored just now; please try again in a few seconds.');
  }
  const { code, statusCode } = error as FastifyError;
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'body_too_large', `The body is larger than ${bodyLimit} bytes.`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'unsupported_media_type', 'Send the body as Content-Type: application/json.');
    // @fastify/compress decodes gzip, deflate and br request bodies (zstd where Node has it).
    case 'FST_CP_ERR_INVALID_CONTENT_ENCODING':
      return new ApiError(415, 'unsupported_content_encoding', 'Send the body uncompressed, or with Content-Encoding gzip, deflate or br.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(400, 'invalid_content_length', 'Content-Length does not match the body.');
  }
  if (statusCode === 400) return new ApiError(400, 'bad_request', error.message);
  return new ApiError(500, 'internal_error', 'The lead could not be stored; please try again.');
}
