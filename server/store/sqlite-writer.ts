/**
 * The SQLite lead store's work, in its worker thread (server/store/sqlite-worker.ts): better-sqlite3 writes and
 * fsyncs synchronously, so a disk that stalls stalls this thread, never the server's.
 *
 * Submissions that arrive together are committed in one transaction (group commit: one fsync for all), each in a
 * savepoint of its own so one failure cannot undo the others. Webhook bookkeeping that arrives together (claims,
 * deliveries, failures) is one transaction too, committed first and not synced: losing it to a power cut only sends
 * an event again, which delivery "at least once" allows, and the next lead's commit syncs it with its own.
 *
 * A lock held by another process is never waited for inside SQLite (busy_timeout 0 while serving): the batch is
 * tried again on a timer until a submission's lock wait runs out. Before each write the file is checked to still be
 * the one opened (server/store/sqlite-file-guard.ts) and the disk to have room (server/store/sqlite-wal-keeper.ts):
 * otherwise writes are refused with a StoreUnavailableError saying why, and readiness says so too.
 */
import Database from 'better-sqlite3';
import { dirname, join, basename } from 'node:path';
import { listSqliteLeads, openSqliteDatabase } from './sqlite-database';
import { SqliteFileGuard, type FileProblem } from './sqlite-file-guard';
import { leadRecorder } from './sqlite-lead-writes';
import { SqliteOutboxTable } from './sqlite-outbox';
import { SqliteWalKeeper } from './sqlite-wal-keeper';
import { StoreUnavailableError, type LeadInput, type LeadOutcome, type StoreLog, type UnavailableReason } from './types';

export type Done<T> = (error: Error | null, value?: T) => void;

interface PendingSubmission {
  id: number;
  input: LeadInput;
  receivedAt: Date;
  /** When this thread got it (Date.now()): the lock wait counts from here. */
  since: number;
  done: Done<LeadOutcome>;
}

interface PendingWrite {
  run: () => unknown;
  done: Done<unknown>;
  /** Synced at its commit (a lead's, a manual retry), or left to the next synced commit (webhook bookkeeping). */
  durable: boolean;
}

export interface WriterOptions {
  recordEvents: boolean;
  /** How long a submission may wait for a lock held by another process. */
  lockWaitMs: number;
  log: StoreLog;
  /** Called between a batch's two commits: the answers so far can go out before the second one's fsync. */
  answered?: () => void;
}

/** How often the file and the disk are looked at without any write: readiness and the log learn of a problem. */
const WATCH_INTERVAL_MS = 1000;

const isBusy = (error: unknown) => error instanceof Database.SqliteError && /^SQLITE_(BUSY|LOCKED)/.test(error.code);
/** The disk is full or failing, or the file cannot be written: nothing the submission did. */
const isCannotWrite = (error: unknown) =>
  error instanceof Database.SqliteError && /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN)/.test(error.code);

export class SqliteLeadWriter {
  readonly outbox: SqliteOutboxTable;
  private readonly db: Database.Database;
  private readonly guard: SqliteFileGuard | undefined;
  private readonly keeper: SqliteWalKeeper | undefined;
  private readonly commit: (submissions: PendingSubmission[], writes: PendingWrite[]) => (unknown | Error)[][];
  private submissions: PendingSubmission[] = [];
  private writes: PendingWrite[] = [];
  private flushScheduled = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private busyRetries = 0;
  private synchronous: 'FULL' | 'NORMAL' = 'FULL';
  /** `afterFailedWrite`: a write failed (the disk full or failing); the next write is tried and clears it if it commits. */
  private problem: { reason: UnavailableReason; message: string; afterFailedWrite?: boolean } | null = null;
  /** Set once the file at the path is no longer the one this writer has open. */
  private fileProblem: FileProblem | null = null;
  private readonly watch: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly path: string,
    private readonly options: WriterOptions,
  ) {
    this.db = openSqliteDatabase(path);
    this.db.pragma('busy_timeout = 0');
    this.outbox = new SqliteOutboxTable(this.db);
    if (path !== ':memory:') {
      this.guard = new SqliteFileGuard(path);
      this.keeper = new SqliteWalKeeper(this.db, path, this.guard, (message) => options.log.warn(message));
      this.watch = setInterval(() => this.watchOnce(), WATCH_INTERVAL_MS).unref();
    }
    const record = leadRecorder(this.db, options.recordEvents);
    const savepoint = this.db.transaction((run: () => unknown) => run());
    const attempt = (run: () => unknown) => {
      try {
        return run();
      } catch (error) {
        return error instanceof Error ? error : new Error(String(error));
      }
    };
    // The outer transaction is the one commit; IMMEDIATE takes the write lock at BEGIN, so a locked file fails there.
    const batch = this.db.transaction((submissions: PendingSubmission[], writes: PendingWrite[]) => [
      submissions.map(({ input, receivedAt }) => attempt(() => record(input, receivedAt))),
      writes.map(({ run }) => attempt(() => savepoint(run))),
    ]);
    this.commit = (submissions, writes) => batch.immediate(submissions, writes);
  }

  /** `done` once the submission is committed (synced), or failed. */
  submit(id: number, input: LeadInput, receivedAt: Date, done: Done<LeadOutcome>): void {
    if (this.closed) return done(new Error('The lead store is closed'));
    this.submissions.push({ id, input, receivedAt, since: Date.now(), done });
    this.schedule();
  }

  /** The caller gave up (its deadline): dropped if not committed yet. Its answer is no one's any more. */
  cancel(id: number): void {
    this.submissions = this.submissions.filter((item) => item.id !== id);
  }

  /** An outbox write, committed with the next batch. */
  write<T>(run: () => T, done: Done<T>, durable = false): void {
    if (this.closed) return done(new Error('The lead store is closed'));
    this.writes.push({ run, done: done as Done<unknown>, durable });
    this.schedule();
  }

  /** A claim of due events: none while writes are refused, so nothing is sent that could not be recorded. */
  claimDue(now: Date, limit: number, leaseMs: number, done: Done<unknown>): void {
    if (this.problem) return done(null, []);
    this.write(() => this.outbox.claimDue(now, limit, leaseMs), done);
  }

  /** None while writes are refused: the dispatcher then looks again at its next poll, rather than at once. */
  nextDueAt(): Date | null {
    return this.problem ? null : this.outbox.nextDueAt();
  }

  listLeads() {
    return listSqliteLeads(this.db);
  }

  private schedule() {
    if (this.flushScheduled || this.retryTimer) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  private flush() {
    this.flushScheduled = false;
    this.retryTimer = undefined;
    const submissions = this.submissions;
    const writes = this.writes;
    this.submissions = [];
    this.writes = [];
    if (submissions.length === 0 && writes.length === 0) return;
    const refused = this.writeProblem();
    if (refused) return this.failAll(submissions, writes, refused);

    // Webhook bookkeeping first, in a commit of its own that is not synced, and answered at once: the dispatcher
    // never waits for a lead's fsync. Then the leads (and manual retries), synced.
    const bookkeeping = writes.filter((write) => !write.durable);
    const durable = writes.filter((write) => write.durable);
    if (bookkeeping.length > 0 && this.commitBatch([], bookkeeping, 'NORMAL') === 'busy') {
      this.submissions = [...submissions, ...this.submissions];
      this.writes = [...durable, ...this.writes];
      return;
    }
    this.options.answered?.();
    if (submissions.length > 0 || durable.length > 0) this.commitBatch(submissions, durable, 'FULL');
    try {
      this.keeper?.afterCommit();
    } catch (error) {
      // Committed all the same; the log is checkpointed at a later commit, or by the watch once there is room.
      if (isCannotWrite(error)) this.setProblem('cannot_write', `cannot write: a checkpoint failed: ${(error as Error).message}`, true);
      else throw error;
    }
  }

  /** One transaction; each item answered. `busy`: another process holds the lock, and the items wait for a retry. */
  private commitBatch(submissions: PendingSubmission[], writes: PendingWrite[], synchronous: 'FULL' | 'NORMAL'): 'done' | 'busy' {
    if (synchronous !== this.synchronous) {
      this.db.pragma(`synchronous = ${synchronous}`);
      this.synchronous = synchronous;
    }
    let outcomes: (unknown | Error)[][];
    try {
      outcomes = this.commit(submissions, writes);
    } catch (error) {
      if (isBusy(error) && !this.closed) {
        this.retryLater(submissions, writes, error);
        return 'busy';
      }
      if (isCannotWrite(error)) {
        this.setProblem('cannot_write', `cannot write: ${(error as Error).message}`, true);
        this.failAll(submissions, writes, new StoreUnavailableError(this.problem!.message, { cause: error, reason: 'cannot_write' }));
      } else this.failAll(submissions, writes, error as Error);
      return 'done';
    }
    this.busyRetries = 0;
    if (this.problem?.afterFailedWrite) this.clearProblem();
    this.guard?.afterCommit();
    submissions.forEach((item, i) => settle(item.done, outcomes[0][i]));
    writes.forEach((item, i) => settle(item.done, outcomes[1][i]));
    return 'done';
  }

  private failAll(submissions: PendingSubmission[], writes: PendingWrite[], error: Error) {
    for (const item of [...submissions, ...writes]) item.done(error);
  }

  /** Another process holds the write lock: fail what has waited too long, try the rest again shortly. */
  private retryLater(submissions: PendingSubmission[], writes: PendingWrite[], error: unknown) {
    const now = Date.now();
    const waiting: PendingSubmission[] = [];
    for (const item of submissions) {
      if (now - item.since >= this.options.lockWaitMs) {
        item.done(new StoreUnavailableError('The lead database is locked by another process', { cause: error, reason: 'no_answer' }));
      } else waiting.push(item);
    }
    this.submissions = [...waiting, ...this.submissions];
    this.writes = [...writes, ...this.writes];
    // 5, 10, 20, 40 ms, then every 50 ms: a short lock costs little latency, a long one little CPU.
    const delay = Math.min(50, 5 * 2 ** this.busyRetries++);
    this.retryTimer = setTimeout(() => this.flush(), delay);
  }

  /**
   * Why writes are refused now, or null. A file that is no longer this server's stays so; a disk without room is
   * looked at again each time, and the log checkpointed once it fits, so writing resumes by itself.
   */
  private writeProblem(): StoreUnavailableError | null {
    if (!this.fileProblem) {
      this.fileProblem = this.guard?.problem() ?? null;
      if (this.fileProblem) this.setProblem('database_replaced', this.fileProblem.message);
    }
    if (this.problem?.reason !== 'database_replaced' && this.keeper) {
      const room = this.room();
      if (room) this.setProblem('cannot_write', room);
      else if (!this.problem?.afterFailedWrite) this.clearProblem();
    }
    // After a failed write the next one is tried all the same: it is how a disk that works again is found out.
    if (!this.problem || this.problem.afterFailedWrite) return null;
    return new StoreUnavailableError(this.problem.message, { reason: this.problem.reason });
  }

  /** Why the disk has too little room (after trying to free the log's), or null. */
  private room(): string | null {
    try {
      const room = this.keeper!.roomProblem();
      // Short of room, and a checkpoint still fits: it may give the log's space back (its reader gone).
      return room && !this.keeper!.roomProblem(false) ? this.recover() : room;
    } catch (error) {
      return `cannot write: the disk of ${this.path} cannot be looked at: ${(error as Error).message}`;
    }
  }

  /** Empties the log if no reader holds it back, so the space it held is back on the disk. Returns a problem or null. */
  private recover(): string | null {
    try {
      this.keeper!.checkpoint('TRUNCATE');
      return this.keeper!.roomProblem();
    } catch (error) {
      if (isCannotWrite(error)) return `cannot write: a checkpoint failed: ${(error as Error).message}`;
      throw error;
    }
  }

  private setProblem(reason: UnavailableReason, message: string, afterFailedWrite = false) {
    const changed = this.problem?.reason !== reason;
    this.problem = { reason, message, afterFailedWrite };
    if (!changed) return;
    if (reason === 'database_replaced') {
      this.options.log.error(
        `${message}. Leads are no longer acknowledged (503, /readyz "database_replaced"); restart the server to use the file now at that path. ` +
          this.rescue(),
      );
    } else {
      this.options.log.error(`${message}. Submissions are answered 503 and /readyz says "cannot_write" until there is room again.`);
    }
  }

  private clearProblem() {
    if (this.problem?.reason !== 'cannot_write') return;
    this.problem = null;
    this.options.log.info(`the lead database can be written again (${this.path}): submissions are stored again`);
  }

  /**
   * The file this server has open, with everything committed to it, saved beside the path (VACUUM INTO reads it
   * through SQLite, the write-ahead log included): the leads it acknowledged before the file was deleted or replaced.
   * A file written over in place is not saved: its pages are no longer all SQLite's.
   */
  private rescue(): string {
    if (this.fileProblem?.kind !== 'gone') {
      return "Stop the server, delete the -wal and -shm files beside it, and copy the backup again: SQLite would read this server's log into it.";
    }
    const target = join(dirname(this.path), `${basename(this.path)}.orphaned-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    try {
      this.db.prepare('VACUUM INTO ?').run(target);
      return `Everything it held until then is saved in ${target}.`;
    } catch (error) {
      return `Saving what it held to ${target} failed: ${(error as Error).message}.`;
    }
  }

  /** For readiness, and every second: the file is still this server's, the disk has room, the database answers. */
  health(): { reason: UnavailableReason; message: string } | null {
    if (this.closed) return null;
    this.writeProblem();
    this.db.prepare('SELECT 1').get();
    return this.problem && { reason: this.problem.reason, message: this.problem.message };
  }

  private watchOnce() {
    try {
      this.health();
    } catch (error) {
      this.setProblem('cannot_write', `cannot read the lead database: ${(error as Error).message}`, true);
    }
  }

  /** Commits what is still waiting (waiting out a lock now: the server is stopping), then closes the file. */
  close(): void {
    if (this.closed) return;
    clearTimeout(this.retryTimer);
    clearInterval(this.watch);
    this.closed = true;
    this.db.pragma(`busy_timeout = ${this.options.lockWaitMs}`);
    this.flush();
    // Closing checkpoints the write-ahead log into the database file and removes it (SQLite skips both when the
    // file at the path is no longer the one it has open).
    this.db.close();
    if (this.fileProblem?.kind === 'gone') {
      const removed = this.guard!.removeLeftovers();
      if (removed.length > 0) this.options.log.info(`removed ${removed.join(' and ')}: the log of the file that was replaced`);
    }
    this.guard?.close();
  }
}

function settle<T>(done: Done<T>, outcome: unknown) {
  if (outcome instanceof Error) done(outcome);
  else done(null, outcome as T);
}
