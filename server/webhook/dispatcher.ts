/**
 * Sends the outbox's due events to the webhook, in the background: a visitor's
 * request never waits for it. Every server runs one; claims are leased, so two
 * servers do not send the same event at once, and an event claimed by a server
 * that died is sent again by any server once its lease runs out.
 *
 * Delivery is at least once: an event whose answer was lost (timeout, crash) is
 * sent again with the same id, and the receiver drops the duplicate.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Outbox, OutboxEvent } from '../store/types';
import { nextAttemptAt, type RetryPolicy } from './backoff';
import { deliverEvent, type AttemptResult, type WebhookTarget } from './deliver';

export interface DispatcherOptions extends WebhookTarget {
  outbox: Outbox;
  retry: RetryPolicy;
  log: FastifyBaseLogger;
  /** The clock for schedules; tests replace it to run 24 hours of retries in milliseconds. */
  now?: () => Date;
  random?: () => number;
  /** Events claimed (and sent concurrently) at a time. */
  batchSize?: number;
  /** Longest sleep between two looks at the outbox (events stored or retried by other servers). */
  pollMs?: number;
}

export class WebhookDispatcher {
  private readonly now: () => Date;
  private readonly random: () => number;
  private readonly batchSize: number;
  private readonly pollMs: number;
  /** A claim outlives the attempt's timeout, so a live attempt is never claimed twice. */
  private readonly leaseMs: number;
  private readonly stopController = new AbortController();
  private loopDone: Promise<void> | undefined;
  private woken = false;
  private wakeSleeper: (() => void) | undefined;

  constructor(private readonly options: DispatcherOptions) {
    this.now = options.now ?? (() => new Date());
    this.random = options.random ?? Math.random;
    this.batchSize = options.batchSize ?? 32;
    this.pollMs = options.pollMs ?? 1000;
    this.leaseMs = 2 * options.timeoutMs;
  }

  start() {
    this.loopDone ??= this.loop();
  }

  /** A new event was stored here: look now rather than at the next poll. */
  wake() {
    this.woken = true;
    this.wakeSleeper?.();
  }

  /**
   * Claims what is due now and attempts each; resolves when every attempt is answered, with how many were claimed and
   * a promise of their outcomes recorded. The loop claims the next batch meanwhile: a claim is leased, so an event
   * whose outcome is not recorded yet cannot be claimed again, and the records and the next claim share a commit.
   */
  private async runOnce(): Promise<{ claimed: number; recorded: Promise<unknown> }> {
    const events = await this.options.outbox.claimDue(this.now(), this.batchSize, this.leaseMs);
    const attempts = events.map((event) => this.attempt(event));
    await Promise.all(attempts.map((attempt) => attempt.answered));
    return { claimed: events.length, recorded: Promise.all(attempts.map((attempt) => attempt.recorded)) };
  }

  /** Stops the loop; attempts in flight are cut off and their events given back, due at once. */
  async stop() {
    this.stopController.abort();
    this.wake();
    await this.loopDone;
  }

  private get stopping() {
    return this.stopController.signal.aborted;
  }

  private async loop() {
    // At most one batch's outcomes wait to be recorded while the next batch is sent.
    let recording: Promise<unknown> = Promise.resolve();
    while (!this.stopping) {
      let claimed = 0;
      try {
        const batch = await this.runOnce();
        claimed = batch.claimed;
        await recording;
        recording = batch.recorded;
      } catch (error) {
        this.options.log.error({ err: error }, 'webhook dispatcher could not read the outbox');
      }
      if (claimed < this.batchSize) {
        await recording;
        await this.sleep(await this.msUntilNextDue());
      }
    }
    await recording;
  }

  private async msUntilNextDue(): Promise<number> {
    try {
      const due = await this.options.outbox.nextDueAt();
      if (due) return Math.min(this.pollMs, Math.max(0, due.getTime() - this.now().getTime()));
    } catch {
      // The next loop reports it.
    }
    return this.pollMs;
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken || this.stopping) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wakeSleeper?.(), ms);
      this.wakeSleeper = () => {
        clearTimeout(timer);
        this.wakeSleeper = undefined;
        this.woken = false;
        resolve();
      };
    });
  }

  private attempt(event: OutboxEvent): { answered: Promise<unknown>; recorded: Promise<void> } {
    const answered = deliverEvent(this.options, event, this.stopController.signal);
    return { answered, recorded: answered.then((result) => this.record(event, result)) };
  }

  private async record(event: OutboxEvent, result: AttemptResult) {
    const { outbox, log } = this.options;
    const context = { eventId: event.id, eventType: event.type, attempt: event.attempts + 1 };
    try {
      if (result.ok) {
        await outbox.markDelivered(event, this.now());
        log.debug({ ...context, status: result.status }, 'webhook delivered');
      } else if (result.aborted) {
        await outbox.release(event);
      } else {
        const retryAt = nextAttemptAt(this.options.retry, event.attempts + 1, event.windowStart, this.now(), this.random);
        await outbox.markFailed(event, result.error, retryAt);
        if (retryAt) log.warn({ ...context, error: result.error, retryAt }, 'webhook delivery failed; will retry');
        else
          log.error(
            { ...context, error: result.error },
            'webhook delivery failed for 24 hours; giving up (npm run leads:deliveries -- retry)',
          );
      }
    } catch (error) {
      // The lease runs out and the event is sent again: at least once, never lost.
      log.error({ ...context, err: error }, 'webhook delivery could not be recorded');
    }
  }
}
