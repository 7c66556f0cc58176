/**
 * Every submission is answered within a deadline, and only so many wait on the lead database at once, whatever
 * the database does. One that stops answering without closing its connections (a failover, a network partition,
 * a paused host) cannot fire its own timeouts: without this, each waiting visitor holds a connection until it
 * comes back, and enough of them take the pages down too.
 */
import { StoreUnavailableError } from './store/types';

export interface SubmissionLimits {
  /** A submission not stored this long after its request arrived is answered 503 (it may still be stored later). */
  deadlineMs: number;
  /** Submissions waiting on the database at once; one more is answered 503 at once instead of queueing. */
  maxWaiting: number;
}

/**
 * The endpoint promises an answer within 5 s; half a second of it is left for the answer to travel and for a busy
 * event loop. 256 waiting: a healthy database holds a few dozen at the benchmark's 3,000 a second.
 */
export const DEFAULT_SUBMISSION_LIMITS: SubmissionLimits = { deadlineMs: 4500, maxWaiting: 256 };

/**
 * Unless set, at most a quarter of the connections may wait on the database (256 of the default 1,024), so pages and
 * health checks always find one free: a waiting submission holds its connection until its answer.
 */
export const defaultMaxWaiting = (maxConnections: number) =>
  Math.min(DEFAULT_SUBMISSION_LIMITS.maxWaiting, Math.max(1, Math.floor(maxConnections / 4)));

export class SubmissionGate {
  private waiting = 0;

  constructor(private readonly limits: SubmissionLimits) {}

  /**
   * Runs `store` with a signal that aborts at the deadline (counted from `elapsedMs`, the time the request has
   * already taken), so the store can drop work it has not sent yet. Rejects with StoreUnavailableError when the
   * queue is full or the deadline passes first.
   */
  async run<T>(elapsedMs: number, store: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.waiting >= this.limits.maxWaiting) {
      throw new StoreUnavailableError(`${this.waiting} submissions are already waiting for the lead database`);
    }
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => {
          const error = new StoreUnavailableError(`the lead database did not answer within ${this.limits.deadlineMs} ms`);
          controller.abort(error);
          reject(error);
        },
        Math.max(0, this.limits.deadlineMs - elapsedMs),
      );
    });
    this.waiting++;
    const stored = store(controller.signal);
    // Once the deadline has answered, the store's late outcome has no one to tell.
    stored.catch(() => undefined);
    try {
      return await Promise.race([stored, late]);
    } finally {
      clearTimeout(timer);
      this.waiting--;
    }
  }
}
