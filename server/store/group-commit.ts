/**
 * Group commit: work that arrives while `maxInFlight` batches are already running
 * waits and goes to the database together, in one call (one round trip, one
 * commit). At low load every item runs alone at once, so nothing waits for a
 * batch to fill; under load the batches grow by themselves and the database
 * commits far fewer transactions.
 */

interface Waiting<I, O> {
  input: I;
  resolve: (outcome: O) => void;
  reject: (error: unknown) => void;
}

export interface GroupCommitOptions<I, O> {
  /** Batches running at once (each holds a database connection). */
  maxInFlight: number;
  /** The largest batch. */
  maxBatch: number;
  /** Runs several items in one transaction; resolves with one outcome per item, in order. */
  runBatch: (inputs: I[]) => Promise<O[]>;
  /** Runs one item in its own transaction. */
  runOne: (input: I) => Promise<O>;
  /**
   * A batch failed as a whole. `true`: each of its items fails with that error (the
   * database is unavailable). `false`: each item is tried again on its own (one item
   * the database refused), so one bad item never fails its neighbours.
   */
  failsEveryItem: (error: unknown) => boolean;
}

export class GroupCommit<I, O> {
  private readonly waiting: Waiting<I, O>[] = [];
  private inFlight = 0;

  constructor(private readonly options: GroupCommitOptions<I, O>) {}

  /** `signal` drops the item while it still waits (its caller has given up); once sent, it runs to the end. */
  run(input: I, signal?: AbortSignal): Promise<O> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<O>((resolve, reject) => {
      const item: Waiting<I, O> = { input, resolve, reject };
      const drop = () => {
        const index = this.waiting.indexOf(item);
        if (index === -1) return;
        this.waiting.splice(index, 1);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', drop, { once: true });
      item.resolve = (outcome) => {
        signal?.removeEventListener('abort', drop);
        resolve(outcome);
      };
      item.reject = (error) => {
        signal?.removeEventListener('abort', drop);
        reject(error);
      };
      this.waiting.push(item);
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.options.maxInFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.options.maxBatch);
      this.inFlight++;
      void this.runBatch(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async runBatch(batch: Waiting<I, O>[]): Promise<void> {
    if (batch.length === 1) {
      await this.options.runOne(batch[0].input).then(batch[0].resolve, batch[0].reject);
      return;
    }
    let outcomes: O[];
    try {
      outcomes = await this.options.runBatch(batch.map((item) => item.input));
    } catch (error) {
      if (this.options.failsEveryItem(error)) {
        for (const item of batch) item.reject(error);
        return;
      }
      // The batch's transaction rolled back as a whole: nothing of it was stored.
      await Promise.all(batch.map((item) => this.options.runOne(item.input).then(item.resolve, item.reject)));
      return;
    }
    batch.forEach((item, i) => item.resolve(outcomes[i]));
  }
}
