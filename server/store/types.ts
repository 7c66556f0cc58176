/**
 * The lead store contract, implemented by SQLite (server/store/sqlite-store.ts, one
 * machine) and PostgreSQL (server/store/pg-store.ts, several servers). The shared
 * suite in tests/server/store-contract.test.ts runs against both.
 */

export interface LeadInput {
  /** As typed (already validated and trimmed). */
  email: string;
  page: string | null;
  placement: string | null;
  /** BCP 47 language tag of the page the form was on, canonical ("es", "pt-BR"), or null when not sent. */
  locale: string | null;
  userAgent: string | null;
  idempotencyKey: string | null;
}

/**
 * `stored`: a new lead or a new touch of a known one (the caller cannot tell which).
 * `replayed`: the idempotency key was seen before, for the same email; nothing was written.
 * `key-conflict`: the idempotency key was seen before with another email.
 */
export type LeadOutcome = 'stored' | 'replayed' | 'key-conflict';

/** A lead's webhook delivery: `none` when no event was recorded for it (no webhook configured at the time). */
type DeliveryState = 'none' | 'pending' | 'delivered' | 'failed';

export interface LeadRow {
  email: string;
  email_normalized: string;
  /** ISO 8601, UTC. */
  first_seen: string;
  last_seen: string;
  submission_count: number;
  first_page: string | null;
  first_placement: string | null;
  first_locale: string | null;
  last_page: string | null;
  last_placement: string | null;
  last_locale: string | null;
  last_user_agent: string | null;
  /** The worst state of its events: failed, then pending, then delivered. */
  delivery: DeliveryState;
}

export type EventType = 'lead.created' | 'lead.touched';

/** One webhook event as claimed for delivery. `payload` is the exact JSON text that is signed and sent. */
export interface OutboxEvent {
  id: string;
  type: EventType;
  payload: string;
  /** Failed attempts since the retry window opened (0 on the first attempt). */
  attempts: number;
  windowStart: Date;
  /** Identifies this claim, so a late answer from a claim that expired cannot overwrite a newer one. */
  claimToken: string;
}

export interface FailedDelivery {
  id: string;
  type: EventType;
  email: string;
  createdAt: string;
  attempts: number;
  lastError: string | null;
}

/** The durable side of webhook delivery: events are written with the lead, in the same transaction. */
export interface Outbox {
  /** Claims up to `limit` events due at `now` for `leaseMs` (other servers skip them meanwhile). */
  claimDue(now: Date, limit: number, leaseMs: number): Promise<OutboxEvent[]>;
  /** When the next pending event is due, or null when there is none. */
  nextDueAt(): Promise<Date | null>;
  markDelivered(event: OutboxEvent, now: Date): Promise<void>;
  /** A failed attempt: try again at `retryAt`, or give up (state `failed`) when it is null. */
  markFailed(event: OutboxEvent, error: string, retryAt: Date | null): Promise<void>;
  /** Gives a claimed event back untried (shutdown), due again at once. */
  release(event: OutboxEvent): Promise<void>;
  listFailed(): Promise<FailedDelivery[]>;
  /** Failed events (all, or those ids) become pending again with a fresh retry window; returns how many. */
  retryFailed(ids: string[] | 'all', now: Date): Promise<number>;
}

export interface LeadStore {
  readonly kind: 'sqlite' | 'postgres';
  /** Where the leads are, for the startup log line (no password). */
  readonly description: string;
  /**
   * Resolves once the submission (and its webhook event, when events are on) is committed. When `signal` aborts
   * before the submission was sent to the database, it is dropped and rejects with the signal's reason.
   */
  submit(input: LeadInput, signal?: AbortSignal): Promise<LeadOutcome>;
  /** Rejects when the store cannot take submissions (readiness), with a StoreUnavailableError saying why when it knows. */
  ping(): Promise<void>;
  /** All leads, oldest first, with their delivery state (the CSV export). */
  listLeads(): Promise<LeadRow[]>;
  readonly outbox: Outbox;
  /** Commits what is pending, then releases the database. */
  close(): Promise<void>;
}

export interface StoreOptions {
  /** Write a webhook event with every stored submission (only when a webhook is configured). */
  recordEvents: boolean;
  /** The time of a submission; tests move it. */
  now?: () => Date;
  /** Where the store reports what an operator must know (SQLite); unset: nowhere. */
  log?: StoreLog;
}

/**
 * Why the store cannot take submissions now, as /readyz says it: `cannot_write` (SQLite: the disk is full or fails,
 * or too little room is left for the write-ahead log to be checkpointed), `database_replaced` (SQLite: the file at
 * LEADS_DB is no longer the one the server opened), `no_answer` (the database does not answer in time), `unreachable`.
 */
export type UnavailableReason = 'cannot_write' | 'database_replaced' | 'no_answer' | 'unreachable';

/** The store could not take the submission in time (database locked, unreachable, full or replaced); answered 503. */
export class StoreUnavailableError extends Error {
  readonly reason: UnavailableReason;

  constructor(message: string, options?: { cause?: unknown; reason?: UnavailableReason }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
    this.reason = options?.reason ?? 'no_answer';
  }
}

/** What the store logs of itself (a disk that filled up, a file that was replaced): a pino logger fits. */
export interface StoreLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}
