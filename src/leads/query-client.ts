import { QueryClient } from '@tanstack/react-query';
import { backoffDelay } from '../lib/backoff';

/** A response that arrived with a non-ok status (network failures reject with a TypeError instead). */
export class HttpStatusError extends Error {
  constructor(readonly status: number) {
    super(`The server answered ${status}`);
    this.name = 'HttpStatusError';
  }
}

/** Spec section 7: 3 retries, delay 1000 ms doubled per attempt up to 30000 ms, gcTime 5 minutes. */
const MAX_RETRIES = 3;
export const retryDelay = backoffDelay;

/** Worth another try: network errors, 408 Request Timeout, 429 Too Many Requests and 5xx. A 4xx answer would only repeat. */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof HttpStatusError)) return true;
  return error.status === 408 || error.status === 429 || error.status >= 500;
}

export const retry = (failureCount: number, error: unknown) => failureCount < MAX_RETRIES && isRetryable(error);

/**
 * Mutations retry too, so every mutation must be idempotent (the lead form sends
 * an Idempotency-Key that the server replays) or opt out with `retry: false`.
 */
export function createQueryClient() {
  const defaults = { retry, retryDelay, gcTime: 5 * 60 * 1000 };
  return new QueryClient({ defaultOptions: { queries: defaults, mutations: defaults } });
}

/**
 * The site's one client. Only the chat forms use it, passing it to useMutation directly: no
 * provider at the root, so the query library loads with the first form rather than with every
 * page. (Mutations never run while prerendering, so sharing it there holds no visitor's data.)
 */
export const queryClient = createQueryClient();
