/**
 * Leads in one SQLite file (better-sqlite3), WAL with synchronous=FULL, so a row
 * whose commit returned survives a crash or a power cut. Right for one machine.
 *
 * Submissions are committed in groups: everything that arrives while the event
 * loop is busy goes into one transaction (one fsync), and every caller's promise
 * resolves only after that transaction has committed.
 *
 * better-sqlite3 is synchronous, so a lock held by another process must never be
 * waited for inside SQLite (busy_timeout would freeze the event loop, and every
 * page with it). busy_timeout is 0 while serving: a locked database fails at once,
 * and the batch is retried on a timer until the submission's lock wait runs out.
 */
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { normaliseEmail } from '../../src/leads/contract/email-rule';
import { eventType, leadEventJson } from './lead-event';
import { SqliteOutbox } from './sqlite-outbox';
import { migrateSqlite } from './sqlite-migrations';
import { StoreUnavailableError, type LeadInput, type LeadOutcome, type LeadRow, type LeadStore, type StoreOptions } from './types';

/** How long opening and migrating may wait for another process's lock (startup only, so blocking is fine). */
const OPEN_BUSY_TIMEOUT_MS = 5000;

export function openSqliteDatabase(path: string): Database.Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma(`busy_timeout = ${OPEN_BUSY_TIMEOUT_MS}`);
  db.pragma('journal_mode = WAL');
  // WAL's default (NORMAL) may lose the last commits on power failure; FULL syncs the WAL on every commit.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  migrateSqlite(db, path);
  return db;
}

/** All leads, oldest first, with their delivery state (also used read-only by the export). */
export function listSqliteLeads(db: Database.Database): LeadRow[] {
  return db
    .prepare<[], LeadRow>(
      `SELECT l.email, l.email_normalized, l.first_seen, l.last_seen, l.submission_count, l.first_page, l.first_placement,
              l.first_locale, l.last_page, l.last_placement, l.last_locale, l.last_user_agent,
              CASE WHEN e.failed > 0 THEN 'failed' WHEN e.pending > 0 THEN 'pending' WHEN e.total > 0 THEN 'delivered' ELSE 'none' END AS delivery
       FROM leads l
       LEFT JOIN (SELECT lead_id, COUNT(*) AS total, SUM(state = 'failed') AS failed, SUM(state = 'pending') AS pending
                  FROM webhook_events GROUP BY lead_id) e ON e.lead_id = l.id
       ORDER BY l.id`,
    )
    .all();
}

const isBusy = (error: unknown) => error instanceof Database.SqliteError && /^SQLITE_(BUSY|LOCKED)/.test(error.code);

interface LeadAfterUpsert {
  id: number;
  email: string;
  first_seen: string;
  submission_count: number;
}

interface Pending {
  input: LeadInput;
  since: number;
  resolve: (outcome: LeadOutcome) => void;
  reject: (error: unknown) => void;
}

export interface SqliteStoreOptions extends StoreOptions {
  /** How long a submission may wait for a database locked by another process before it fails (503). */
  lockWaitMs?: number;
}

export class SqliteLeadStore implements LeadStore {
  readonly kind = 'sqlite';
  readonly description: string;
  readonly outbox: SqliteOutbox;
  private readonly db: Database.Database;
  private readonly now: () => Date;
  private readonly lockWaitMs: number;
  private pending: Pending[] = [];
  private flushScheduled = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private busyRetries = 0;
  private closed = false;
  private readonly commitBatch: (batch: Pending[]) => (LeadOutcome | Error)[];

  constructor(path: string, options: SqliteStoreOptions) {
    this.description = path;
    this.now = options.now ?? (() => new Date());
    this.lockWaitMs = options.lockWaitMs ?? 5000;
    this.db = openSqliteDatabase(path);
    this.db.pragma('busy_timeout = 0');
    this.outbox = new SqliteOutbox(this.db);

    const findKey = this.db.prepare<[string], { email_normalized: string }>(
      'SELECT l.email_normalized FROM submissions s JOIN leads l ON l.id = s.lead_id WHERE s.idempotency_key = ?',
    );
    const upsertLead = this.db.prepare<[Record<string, string | null>], LeadAfterUpsert>(`
      INSERT INTO leads (email_normalized, email, first_seen, last_seen, submission_count,
                         first_page, first_placement, first_locale, last_page, last_placement, last_locale, last_user_agent)
      VALUES (@normalized, @email, @now, @now, 1, @page, @placement, @locale, @page, @placement, @locale, @userAgent)
      ON CONFLICT (email_normalized) DO UPDATE SET
        last_seen = excluded.last_seen,
        submission_count = submission_count + 1,
        last_page = excluded.last_page,
        last_placement = excluded.last_placement,
        last_locale = excluded.last_locale,
        last_user_agent = excluded.last_user_agent
      RETURNING id, email, first_seen, submission_count`);
    const insertSubmission = this.db.prepare(`
      INSERT INTO submissions (lead_id, received_at, email, page, placement, locale, user_agent, idempotency_key)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
    const insertEvent = this.db.prepare(`
      INSERT INTO webhook_events (id, lead_id, submission_id, type, payload, created_at, state, window_start, next_attempt_at)
      VALUES (@id, @leadId, @submissionId, @type, @payload, @now, 'pending', @nowMs, @nowMs)`);

    const record = this.db.transaction((input: LeadInput, now: Date): LeadOutcome => {
      const normalized = normaliseEmail(input.email);
      if (input.idempotencyKey) {
        const seen = findKey.get(input.idempotencyKey);
        if (seen) return seen.email_normalized === normalized ? 'replayed' : 'key-conflict';
      }
      const iso = now.toISOString();
      const { page, placement, locale, userAgent } = input;
      const lead = upsertLead.get({ normalized, email: input.email, now: iso, page, placement, locale, userAgent })!;
      const submission = insertSubmission.run(lead.id, iso, input.email, page, placement, locale, userAgent, input.idempotencyKey);
      if (options.recordEvents) {
        const eventId = randomUUID();
        const payload = leadEventJson({
          eventId,
          lead: {
            id: lead.id,
            email: lead.email,
            email_normalized: normalized,
            first_seen: lead.first_seen,
            submission_count: lead.submission_count,
          },
          submission: { email: input.email, received_at: iso, page, placement, locale },
        });
        const type = eventType(lead.submission_count);
        insertEvent.run({
          id: eventId,
          leadId: lead.id,
          submissionId: submission.lastInsertRowid,
          type,
          payload,
          now: iso,
          nowMs: now.getTime(),
        });
      }
      return 'stored';
    });

    // The outer transaction is the one commit; each submission runs in its own savepoint
    // (better-sqlite3 nests transactions that way), so one failure cannot undo the others.
    // IMMEDIATE takes the write lock at BEGIN, so a locked file fails there, before any work.
    const batchTransaction = this.db.transaction((batch: Pending[]) => {
      const now = this.now();
      return batch.map(({ input }) => {
        try {
          return record(input, now);
        } catch (error) {
          return error instanceof Error ? error : new Error(String(error));
        }
      });
    });
    this.commitBatch = (batch) => batchTransaction.immediate(batch);
  }

  /** Resolves once the submission is committed to disk; `signal` drops it while it still waits (a lock). */
  submit(input: LeadInput, signal?: AbortSignal): Promise<LeadOutcome> {
    if (this.closed) return Promise.reject(new Error('The lead store is closed'));
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const item: Pending = { input, since: Date.now(), resolve, reject };
      signal?.addEventListener(
        'abort',
        () => {
          if (!this.pending.includes(item)) return;
          this.pending = this.pending.filter((other) => other !== item);
          reject(signal.reason);
        },
        { once: true },
      );
      this.pending.push(item);
      if (!this.flushScheduled && !this.retryTimer) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush() {
    this.flushScheduled = false;
    this.retryTimer = undefined;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    let outcomes: (LeadOutcome | Error)[];
    try {
      outcomes = this.commitBatch(batch);
    } catch (error) {
      if (isBusy(error) && !this.closed) return this.retryLater(batch, error);
      for (const item of batch) item.reject(error);
      return;
    }
    this.busyRetries = 0;
    batch.forEach((item, i) => {
      const outcome = outcomes[i];
      if (outcome instanceof Error) item.reject(outcome);
      else item.resolve(outcome);
    });
  }

  /** Another process holds the write lock: fail what has waited too long, try the rest again shortly. */
  private retryLater(batch: Pending[], error: unknown) {
    const now = Date.now();
    const waiting: Pending[] = [];
    for (const item of batch) {
      if (now - item.since >= this.lockWaitMs) {
        item.reject(new StoreUnavailableError('The lead database is locked by another process', { cause: error }));
      } else {
        waiting.push(item);
      }
    }
    this.pending = [...waiting, ...this.pending];
    if (this.pending.length === 0) return;
    // 5, 10, 20, 40 ms, then every 50 ms: a short lock costs little latency, a long one little CPU.
    const delay = Math.min(50, 5 * 2 ** this.busyRetries++);
    this.retryTimer = setTimeout(() => this.flush(), delay);
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async listLeads(): Promise<LeadRow[]> {
    return listSqliteLeads(this.db);
  }

  /** Commits what is still waiting (waiting out a lock now: the server is stopping), then closes the file. */
  async close(): Promise<void> {
    if (this.closed) return;
    clearTimeout(this.retryTimer);
    this.closed = true;
    this.db.pragma(`busy_timeout = ${this.lockWaitMs}`);
    this.flush();
    // Closing checkpoints the write-ahead log into the database file and removes it.
    this.db.close();
  }
}
