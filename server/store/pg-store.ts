/**
 * Leads in PostgreSQL, for several servers sharing one database. Same contract as
 * the SQLite store: a submission is one call of submit_lead() (one round trip, one
 * commit; see server/store/pg-migrations.ts for why it cannot duplicate a lead or
 * a keyed submission across servers), and its promise resolves after the commit.
 * Submissions that arrive while the connections are busy are committed together
 * by submit_leads() (group commit, server/store/group-commit.ts).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { normaliseEmail } from '../../src/leads/contract/email-rule';
import { GroupCommit } from './group-commit';
import { migratePostgres } from './pg-migrate';
import { PgOutbox } from './pg-outbox';
import { StoreUnavailableError, type LeadInput, type LeadOutcome, type LeadRow, type LeadStore, type StoreOptions } from './types';

/** The arguments of submit_lead(), in its order; submit_leads() takes each as an array. */
type SubmissionRow = [
  email: string,
  normalized: string,
  page: string | null,
  placement: string | null,
  locale: string | null,
  userAgent: string | null,
  idempotencyKey: string | null,
  receivedAt: Date,
  eventId: string | null,
];

export interface PgStoreOptions extends StoreOptions {
  /** Connections per server process. */
  poolSize?: number;
  /** Longest a statement (or the wait for a connection) may take before the submission fails with 503. */
  statementTimeoutMs?: number;
  /** Called with errors of idle connections (the database restarted, the network dropped). */
  onIdleError?: (error: Error) => void;
}

/** The URL without its password, for logs. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'postgres (unparseable DATABASE_URL)';
  }
}

/** Connection failures, timeouts and server shutdowns: the database is unavailable, not the submission wrong. */
function isUnavailable(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  if (/^(08|57P)/.test(code) || code === '57014' || code === '53300') return true;
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)) return true;
  return /timeout exceeded when trying to connect|Connection terminated|Query read timeout/i.test((error as Error).message ?? '');
}

const asStoreError = (error: unknown) =>
  isUnavailable(error) ? new StoreUnavailableError('The lead database is unavailable', { cause: error }) : error;

/**
 * How much longer than the statement timeout the client waits for an answer. A slow but live database cancels the
 * statement itself and the connection stays usable; a frozen or unreachable one cannot, and the client gives up.
 */
const CLIENT_TIMEOUT_MARGIN_MS = 1000;

function createPool(
  url: string,
  options: Pick<PgStoreOptions, 'poolSize' | 'statementTimeoutMs' | 'onIdleError'> & { connectTimeoutMs?: number } = {},
): pg.Pool {
  const timeout = options.statementTimeoutMs ?? 5000;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    // Also the longest wait for a free connection of the pool.
    connectionTimeoutMillis: options.connectTimeoutMs ?? timeout,
    // 0: none of ours (the database's own setting applies, and the client waits as long as it takes).
    statement_timeout: timeout > 0 ? timeout : undefined,
    // node-postgres then drops the connection, so a query stuck on a frozen database frees its place in the pool.
    query_timeout: timeout > 0 ? timeout + CLIENT_TIMEOUT_MARGIN_MS : undefined,
    // Notices a database host that vanished (power loss, partition) on a connection idle in the pool.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    application_name: 'reachwell-leads',
  });
  // Without a listener, an idle connection's error (database restart) would crash the process.
  pool.on('error', (error) => options.onIdleError?.(error));
  return pool;
}

/**
 * One connection for a command (leads:export, leads:deliveries, leads:migrate). A server's statement timeout is
 * sized for a visitor's request; a command reads every lead, or waits for a lock another session holds, so it
 * has none. Connecting still gives up after 10 s.
 */
export function commandPool(url: string): pg.Pool {
  return createPool(url, { poolSize: 1, statementTimeoutMs: 0, connectTimeoutMs: 10_000 });
}

export class PgLeadStore implements LeadStore {
  readonly kind = 'postgres';
  readonly description: string;
  readonly outbox: PgOutbox;
  private closed = false;
  private readonly now: () => Date;
  /** Submissions sent and not yet answered: close() lets them commit before ending the pool. */
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly groupCommit: GroupCommit<SubmissionRow, LeadOutcome>;

  private constructor(
    private readonly pool: pg.Pool,
    url: string,
    private readonly options: PgStoreOptions,
  ) {
    this.description = describeDatabaseUrl(url);
    this.now = options.now ?? (() => new Date());
    this.outbox = new PgOutbox(pool);
    this.groupCommit = new GroupCommit({
      // One batch commits while the next gathers. More at once means smaller batches and more commits:
      // on bench:leads (2 cores), 2 in flight took ~3,000 submissions/s, 4 took ~2,500/s, 8 took ~2,000/s.
      maxInFlight: 2,
      maxBatch: 100,
      runOne: (row) => this.submitOne(row),
      runBatch: (batch) => this.submitBatch(batch),
      failsEveryItem: (error) => error instanceof StoreUnavailableError,
    });
  }

  /**
   * Applies pending migrations (safe while other servers do the same), then connects. Migrating may wait for
   * another server's migration for longer than a request may, so it has a connection of its own with no timeout.
   */
  static async open(url: string, options: PgStoreOptions): Promise<PgLeadStore> {
    const migrator = commandPool(url);
    try {
      await migratePostgres(migrator);
    } finally {
      await migrator.end();
    }
    const pool = createPool(url, options);
    try {
      // One connection open before the first visitor, and a server that cannot make one does not start.
      await pool.query('SELECT 1');
    } catch (error) {
      await pool.end();
      throw error;
    }
    return new PgLeadStore(pool, url, options);
  }

  async submit(input: LeadInput, signal?: AbortSignal): Promise<LeadOutcome> {
    if (this.closed) throw new Error('The lead store is closed');
    const submission = this.groupCommit.run(
      [
        input.email,
        normaliseEmail(input.email),
        input.page,
        input.placement,
        input.locale,
        input.userAgent,
        input.idempotencyKey,
        this.now(),
        this.options.recordEvents ? randomUUID() : null,
      ],
      signal,
    );
    this.inFlight.add(submission);
    try {
      return await submission;
    } finally {
      this.inFlight.delete(submission);
    }
  }

  /** One submission in its own transaction. */
  private async submitOne(row: SubmissionRow): Promise<LeadOutcome> {
    try {
      // A named statement is parsed once per connection.
      const { rows } = await this.pool.query<{ outcome: LeadOutcome }>({
        name: 'submit_lead',
        text: 'SELECT submit_lead($1, $2, $3, $4, $5, $6, $7, $8, $9) AS outcome',
        values: row,
      });
      return rows[0].outcome;
    } catch (error) {
      throw asStoreError(error);
    }
  }

  /** Several submissions in one transaction: column arrays, one outcome per submission. */
  private async submitBatch(batch: SubmissionRow[]): Promise<LeadOutcome[]> {
    try {
      const { rows } = await this.pool.query<{ outcomes: LeadOutcome[] }>({
        name: 'submit_leads',
        text: 'SELECT submit_leads($1, $2, $3, $4, $5, $6, $7, $8, $9) AS outcomes',
        values: batch[0].map((_, column) => batch.map((row) => row[column])),
      });
      return rows[0].outcomes;
    } catch (error) {
      throw asStoreError(error);
    }
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async listLeads(): Promise<LeadRow[]> {
    return listPgLeads(this.pool);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.allSettled(this.inFlight);
    await this.pool.end();
  }
}

export async function listPgLeads(pool: pg.Pool): Promise<LeadRow[]> {
  const { rows } = await pool.query<LeadRow>(
    `SELECT l.email, l.email_normalized, iso_utc(l.first_seen) AS first_seen, iso_utc(l.last_seen) AS last_seen, l.submission_count,
            l.first_page, l.first_placement, l.first_locale, l.last_page, l.last_placement, l.last_locale, l.last_user_agent,
            CASE WHEN e.failed > 0 THEN 'failed' WHEN e.pending > 0 THEN 'pending' WHEN e.total > 0 THEN 'delivered' ELSE 'none' END AS delivery
     FROM leads l
     LEFT JOIN (SELECT lead_id, COUNT(*) AS total, COUNT(*) FILTER (WHERE state = 'failed') AS failed,
                       COUNT(*) FILTER (WHERE state = 'pending') AS pending
                FROM webhook_events GROUP BY lead_id) e ON e.lead_id = l.id
     ORDER BY l.id`,
  );
  return rows;
}
