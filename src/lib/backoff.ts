/**
 * The one retry schedule of the site (spec section 7): 1000 ms doubled per attempt, at most 30000 ms.
 * Used by the lead form's retries and by code downloads that failed (islands, the toast list).
 */
export const backoffDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/** Tries `attempt` until it succeeds, waiting the backoff delay between failures (a flaky network must not break a part for good). */
export async function retryWithBackoff<T>(attempt: () => Promise<T>, onFailure?: (error: unknown) => void): Promise<T> {
  for (let failures = 0; ; failures++) {
    try {
      return await attempt();
    } catch (error) {
      onFailure?.(error);
      await new Promise((resolve) => setTimeout(resolve, backoffDelay(failures)));
    }
  }
}
