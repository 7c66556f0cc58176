/**
 * When a failed webhook delivery is tried again: exponential backoff with jitter,
 * for at least 24 hours from the first attempt (or from a manual retry).
 */

export interface RetryPolicy {
  /** The first retry comes after half to all of this. */
  baseMs: number;
  /** The longest wait between two attempts. */
  capMs: number;
  /** No new attempt is scheduled once this long has passed since the window opened. */
  windowMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { baseMs: 10_000, capMs: 60 * 60_000, windowMs: 24 * 60 * 60_000 };

/**
 * After the `failures`-th failed attempt of a window that opened at `windowStart`: when to try again, or null to
 * give up. The wait doubles each time up to the cap, and is drawn between half and all of that ("equal jitter"),
 * so receivers coming back up are not hit by every server's retries in the same second.
 */
export function nextAttemptAt(policy: RetryPolicy, failures: number, windowStart: Date, now: Date, random: () => number): Date | null {
  if (now.getTime() - windowStart.getTime() >= policy.windowMs) return null;
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** (failures - 1));
  return new Date(now.getTime() + ceiling / 2 + random() * (ceiling / 2));
}
