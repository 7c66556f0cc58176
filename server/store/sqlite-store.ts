/**
 * Leads in a SQLite file (WAL, synchronous=FULL), for one server on one machine. better-sqlite3 writes and fsyncs
 * synchronously, on the thread that calls it: on the server's own, a disk that stalls (a snapshot freeze, a slow
 * network volume) would stall every page, /healthz and the submission deadline with it. So the database lives in a
 * worker thread (server/store/sqlite-worker.ts, with server/store/sqlite-writer.ts), and this store only sends it
 * requests: whatever the disk does, this thread is free, and the deadline (server/submission-gate.ts) answers.
 *
 * Every promise resolves once the worker answered: a submission once it is committed to disk, with the others that
 * arrived with it (one transaction, one fsync).
 */
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { fromWire, type SqliteHealth, type SqliteRequest, type SqliteWorkerData, type SqliteWorkerMessage } from './sqlite-worker-protocol';
import {
  StoreUnavailableError,
  type FailedDelivery,
  type LeadInput,
  type LeadOutcome,
  type LeadRow,
  type LeadStore,
  type Outbox,
  type OutboxEvent,
  type StoreLog,
  type StoreOptions,
} from './types';

export interface SqliteStoreOptions extends StoreOptions {
  /** How long a submission may wait for a database locked by another process before it fails (503). */
  lockWaitMs?: number;
}

/** A readiness check still unanswered after this tells the next one at once that the database does not answer. */
const HEALTH_PATIENCE_MS = 1000;

interface Call {
  resolve: (value: never) => void;
  reject: (error: Error) => void;
}

/** Requests without their id, which the store gives each. */
type Request = SqliteRequest extends infer R ? (R extends SqliteRequest ? Omit<R, 'id'> : never) : never;

const nowhere: StoreLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export class SqliteLeadStore implements LeadStore {
  readonly kind = 'sqlite';
  readonly description: string;
  readonly outbox: Outbox;
  private readonly calls = new Map<number, Call>();
  private nextId = 0;
  private outgoing: SqliteRequest[] = [];
  private health: { answer: Promise<SqliteHealth>; sentAt: number } | undefined;
  private stopped: Error | undefined;
  private closing: Promise<void> | undefined;
  private readonly now: () => Date;

  private constructor(
    private readonly worker: Worker,
    path: string,
    options: SqliteStoreOptions,
  ) {
    this.description = path;
    this.now = options.now ?? (() => new Date());
    const log = options.log ?? nowhere;
    this.outbox = new SqliteWorkerOutbox((request) => this.call(request));
    worker.on('message', (message: SqliteWorkerMessage) => {
      if ('replies' in message) {
        for (const reply of message.replies) {
          const call = this.calls.get(reply.id);
          if (!call) continue; // its caller gave up (a cancelled submission)
          this.calls.delete(reply.id);
          if ('error' in reply) call.reject(fromWire(reply.error));
          else call.resolve(reply.value as never);
        }
      } else if ('log' in message) log[message.log.level](message.log.message);
    });
    worker.on('error', (error) => {
      log.error(`the SQLite lead store's worker thread failed: ${error.stack ?? error.message}`);
      this.stop(error);
    });
    worker.on('exit', () => this.stop(new Error('the lead store has stopped')));
  }

  /** Starts the worker, which opens the file and applies pending migrations; rejects with its error if it cannot. */
  static async open(path: string, options: SqliteStoreOptions): Promise<SqliteLeadStore> {
    const workerData: SqliteWorkerData = { path, recordEvents: options.recordEvents, lockWaitMs: options.lockWaitMs ?? 5000 };
    // No flags of this process (a test runner's, tsx's): the boot file registers the one loader the worker needs.
    const worker = new Worker(new URL('./sqlite-worker-boot.mjs', import.meta.url), { workerData, execArgv: [] });
    let onMessage: ((message: SqliteWorkerMessage) => void) | undefined;
    const opened = new Promise<void>((resolve, reject) => {
      onMessage = (message) => {
        if ('ready' in message) resolve();
        else if ('failedToOpen' in message) reject(fromWire(message.failedToOpen));
        else if ('log' in message) options.log?.[message.log.level](message.log.message);
      };
      worker.on('message', onMessage);
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`the lead store's worker thread exited (${code}) before it opened ${path}`)));
    });
    try {
      await opened;
    } catch (error) {
      await worker.terminate();
      throw error;
    } finally {
      // The store's own listeners take over.
      worker.off('message', onMessage!);
      worker.removeAllListeners('error').removeAllListeners('exit');
    }
    return new SqliteLeadStore(worker, path, options);
  }

  private stop(reason: Error) {
    if (this.stopped) return;
    this.stopped = new StoreUnavailableError(`The lead store is not running: ${reason.message}`, { cause: reason, reason: 'no_answer' });
    for (const call of this.calls.values()) call.reject(this.stopped);
    this.calls.clear();
  }

  /** Sends a request with the others made in this turn of the event loop; resolves with its answer. */
  private call<T>(request: Request, id = ++this.nextId): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    return new Promise<T>((resolve, reject) => {
      this.calls.set(id, { resolve: resolve as (value: never) => void, reject });
      this.send({ ...request, id } as SqliteRequest);
    });
  }

  /**
   * Requests go over once this turn of the event loop is done (setImmediate): the submissions of every request read
   * in it are one message, so under load the thread hop costs one clone and one wake-up per batch, not per lead.
   */
  private send(request: SqliteRequest) {
    if (this.outgoing.length === 0)
      setImmediate(() => {
        const requests = this.outgoing;
        this.outgoing = [];
        if (!this.stopped) this.worker.postMessage(requests);
      });
    this.outgoing.push(request);
  }

  submit(input: LeadInput, signal?: AbortSignal): Promise<LeadOutcome> {
    if (this.closing) return Promise.reject(new Error('The lead store is closed'));
    if (signal?.aborted) return Promise.reject(signal.reason);
    const id = ++this.nextId;
    const stored = this.call<LeadOutcome>({ op: 'submit', input, receivedAt: this.now() }, id);
    if (!signal) return stored;
    // The caller gave up (its deadline): the worker drops it unless already committed, and nobody waits for it here.
    const giveUp = () => {
      const call = this.calls.get(id);
      if (!call) return;
      this.calls.delete(id);
      this.send({ op: 'cancel', id });
      call.reject(signal.reason);
    };
    signal.addEventListener('abort', giveUp, { once: true });
    return stored.finally(() => signal.removeEventListener('abort', giveUp));
  }

  /**
   * Readiness: the file is still this server's, the disk has room, the database answers. While the worker is stuck
   * (a stalled disk), the checks pile up unanswered: once one has waited HEALTH_PATIENCE_MS, the next are told at once.
   */
  async ping(): Promise<void> {
    if (this.health && Date.now() - this.health.sentAt > HEALTH_PATIENCE_MS) {
      throw new StoreUnavailableError(`the lead database has not answered for ${Date.now() - this.health.sentAt} ms`, {
        reason: 'no_answer',
      });
    }
    if (!this.health) {
      const answer = this.call<SqliteHealth>({ op: 'health' });
      const health = { answer, sentAt: Date.now() };
      this.health = health;
      void answer.then(
        () => this.health === health && (this.health = undefined),
        () => this.health === health && (this.health = undefined),
      );
    }
    const problem = await this.health.answer;
    if (problem) throw new StoreUnavailableError(problem.message, { reason: problem.reason });
  }

  listLeads(): Promise<LeadRow[]> {
    return this.call({ op: 'listLeads' });
  }

  /** Commits what is still waiting, closes the file (checkpointing the log into it), and ends the worker. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.stopped) return;
      const exited = once(this.worker, 'exit');
      await this.call({ op: 'close' });
      await exited;
    })();
    return this.closing;
  }
}

/** The outbox in the worker's database; its writes are committed with the worker's next batch. */
class SqliteWorkerOutbox implements Outbox {
  constructor(private readonly call: <T>(request: Request) => Promise<T>) {}

  claimDue(now: Date, limit: number, leaseMs: number): Promise<OutboxEvent[]> {
    return this.call({ op: 'claimDue', now, limit, leaseMs });
  }
  nextDueAt(): Promise<Date | null> {
    return this.call({ op: 'nextDueAt' });
  }
  markDelivered(event: OutboxEvent, now: Date): Promise<void> {
    return this.call({ op: 'markDelivered', event, now });
  }
  markFailed(event: OutboxEvent, error: string, retryAt: Date | null): Promise<void> {
    return this.call({ op: 'markFailed', event, error, retryAt });
  }
  release(event: OutboxEvent): Promise<void> {
    return this.call({ op: 'release', event });
  }
  listFailed(): Promise<FailedDelivery[]> {
    return this.call({ op: 'listFailed' });
  }
  retryFailed(ids: string[] | 'all', now: Date): Promise<number> {
    return this.call({ op: 'retryFailed', ids, now });
  }
}
