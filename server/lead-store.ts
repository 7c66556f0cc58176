/**
 * Where leads live: one SQLite file (better-sqlite3), WAL with synchronous=FULL,
 * so a row whose commit returned survives a crash or a power cut.
 *
 * Submissions are committed in groups: everything that arrives while the event
 * loop is busy goes into one transaction (one fsync), and every caller's promise
 * resolves only after that transaction has committed. That is what lets the
 * endpoint answer only for stored leads and still take thousands a second.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { normaliseEmail } from '../src/leads/email-rule';

export interface LeadInput {
  /** As typed (already validated and trimmed). */
  email: string;
  page: string | null;
  placement: string | null;
  userAgent: string | null;
  idempotencyKey: string | null;
}

/**
 * `stored`: a new lead or a new touch of a known one (the caller cannot tell which).
 * `replayed`: the idempotency key was seen before, for the same email; nothing was written.
 * `key-conflict`: the idempotency key was seen before with another email.
 */
export type LeadOutcome = 'stored' | 'replayed' | 'key-conflict';

export interface LeadRow {
  email: string;
  email_normalized: string;
  first_seen: string;
  last_seen: string;
  submission_count: number;
  first_page: string | null;
  first_placement: string | null;
  last_page: string | null;
  last_placement: string | null;
  last_user_agent: string | null;
}

const SCHEMA_VERSION = 1;

const SCHEMA = `
  CREATE TABLE leads (
    id INTEGER PRIMARY KEY,
    email_normalized TEXT NOT NULL UNIQUE,  -- lower-cased: one lead per address
    email TEXT NOT NULL,                    -- as first typed, for display
    first_seen TEXT NOT NULL,               -- ISO 8601, UTC
    last_seen TEXT NOT NULL,
    submission_count INTEGER NOT NULL,
    first_page TEXT,
    first_placement TEXT,
    last_page TEXT,
    last_placement TEXT,
    last_user_agent TEXT
  );
  -- Every accepted submission (a touch), with the idempotency key it carried.
  CREATE TABLE submissions (
    id INTEGER PRIMARY KEY,
    lead_id INTEGER NOT NULL REFERENCES leads(id),
    received_at TEXT NOT NULL,
    email TEXT NOT NULL,
    page TEXT,
    placement TEXT,
    user_agent TEXT,
    idempotency_key TEXT UNIQUE
  );
  CREATE INDEX submissions_lead ON submissions(lead_id);
`;

export function openLeadDatabase(path: string): Database.Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  // WAL's default (NORMAL) may lose the last commits on power failure; FULL syncs the WAL on every commit.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version === 0) {
    db.transaction(() => {
      db.exec(SCHEMA);
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
    })();
  } else if (version !== SCHEMA_VERSION) {
    throw new Error(`${path} has lead schema version ${version}; this server knows version ${SCHEMA_VERSION}`);
  }
  return db;
}

interface UpsertParams {
  normalized: string;
  email: string;
  now: string;
  page: string | null;
  placement: string | null;
  userAgent: string | null;
}

interface Pending {
  input: LeadInput;
  resolve: (outcome: LeadOutcome) => void;
  reject: (error: unknown) => void;
}

export class LeadStore {
  private readonly db: Database.Database;
  private pending: Pending[] = [];
  private closed = false;
  private readonly commitBatch: (batch: Pending[]) => (LeadOutcome | Error)[];

  constructor(path: string) {
    this.db = openLeadDatabase(path);
    const findKey = this.db.prepare<[string], { email_normalized: string }>(
      'SELECT l.email_normalized FROM submissions s JOIN leads l ON l.id = s.lead_id WHERE s.idempotency_key = ?',
    );
    const upsertLead = this.db.prepare<[UpsertParams], { id: number }>(`
      INSERT INTO leads (email_normalized, email, first_seen, last_seen, submission_count,
                         first_page, first_placement, last_page, last_placement, last_user_agent)
      VALUES (@normalized, @email, @now, @now, 1, @page, @placement, @page, @placement, @userAgent)
      ON CONFLICT (email_normalized) DO UPDATE SET
        last_seen = excluded.last_seen,
        submission_count = submission_count + 1,
        last_page = excluded.last_page,
        last_placement = excluded.last_placement,
        last_user_agent = excluded.last_user_agent
      RETURNING id`);
    const insertSubmission = this.db.prepare(`
      INSERT INTO submissions (lead_id, received_at, email, page, placement, user_agent, idempotency_key)
      VALUES (?, ?, ?, ?, ?, ?, ?)`);

    const record = this.db.transaction((input: LeadInput, now: string): LeadOutcome => {
      const normalized = normaliseEmail(input.email);
      if (input.idempotencyKey) {
        const seen = findKey.get(input.idempotencyKey);
        if (seen) return seen.email_normalized === normalized ? 'replayed' : 'key-conflict';
      }
      const { id } = upsertLead.get({
        normalized,
        email: input.email,
        now,
        page: input.page,
        placement: input.placement,
        userAgent: input.userAgent,
      })!;
      insertSubmission.run(id, now, input.email, input.page, input.placement, input.userAgent, input.idempotencyKey);
      return 'stored';
    });

    // The outer transaction is the one commit; each submission runs in its own savepoint
    // (better-sqlite3 nests transactions that way), so one failure cannot undo the others.
    this.commitBatch = this.db.transaction((batch: Pending[]) => {
      const now = new Date().toISOString();
      return batch.map(({ input }) => {
        try {
          return record(input, now);
        } catch (error) {
          return error instanceof Error ? error : new Error(String(error));
        }
      });
    });
  }

  /** Resolves once the submission is committed to disk. */
  submit(input: LeadInput): Promise<LeadOutcome> {
    if (this.closed) return Promise.reject(new Error('The lead store is closed'));
    return new Promise((resolve, reject) => {
      this.pending.push({ input, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush() {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    let outcomes: (LeadOutcome | Error)[];
    try {
      outcomes = this.commitBatch(batch);
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i];
      if (outcome instanceof Error) item.reject(outcome);
      else item.resolve(outcome);
    });
  }

  /** Commits what is still waiting, then closes the file (the WAL is checkpointed and removed). */
  close() {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    this.db.close();
  }
}

/** All leads, oldest first (what the CSV export writes). */
export function listLeads(db: Database.Database): LeadRow[] {
  return db
    .prepare<[], LeadRow>(
      `SELECT email, email_normalized, first_seen, last_seen, submission_count, first_page, first_placement,
              last_page, last_placement, last_user_agent FROM leads ORDER BY id`,
    )
    .all();
}
