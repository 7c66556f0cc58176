/** The QueryClient's retry policy, which the lead form relies on (spec section 7 and the idempotency rule). */
import { describe, expect, it } from 'vitest';
import { createQueryClient, HttpStatusError, retry, retryDelay } from './query-client';

describe('retry', () => {
  it.each([408, 429, 500, 502, 503])('retries %i up to three times', (status) => {
    const error = new HttpStatusError(status);
    expect([0, 1, 2, 3].map((failures) => retry(failures, error))).toEqual([true, true, true, false]);
  });

  it('retries network errors (fetch rejects with a TypeError)', () => {
    expect(retry(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  it.each([400, 403, 404, 409, 413, 415, 422])('never retries %i: the same request would fail the same way', (status) => {
    expect(retry(0, new HttpStatusError(status))).toBe(false);
  });
});

describe('retryDelay', () => {
  it('doubles from 1000 ms and stops at 30000 ms', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe('createQueryClient', () => {
  it('carries the defaults for queries and mutations, with a 5-minute gcTime', () => {
    const defaults = createQueryClient().getDefaultOptions();
    for (const options of [defaults.queries!, defaults.mutations!]) {
      expect(options.retry).toBe(retry);
      expect(options.retryDelay).toBe(retryDelay);
      expect(options.gcTime).toBe(300_000);
    }
  });
});
