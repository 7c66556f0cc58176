/**
 * The one retry schedule of the site (spec section 7): 1000 ms doubled per attempt, at most 30000 ms.
 * Used by the lead form's retries and by island code downloads that failed.
 */
export const backoffDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);
