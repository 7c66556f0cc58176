import { QueryClient } from '@tanstack/react-query';

/** Spec section 7: 3 retries, delay 1000 ms doubled per attempt up to 30000 ms, gcTime 5 minutes. */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30000);

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 3, retryDelay, gcTime: 5 * 60 * 1000 },
    },
  });
}
