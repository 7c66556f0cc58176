/**
 * The webhook outbox in the SQLite file (times are epoch milliseconds). `SqliteOutboxTable` runs each operation at
 * once, in whatever transaction is open: the server's store worker batches them with other writes into one commit
 * (server/store/sqlite-writer.ts). `SqliteOutbox` is the Outbox of a connection of its own, for the lead commands.
 */
import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import type { EventType, FailedDelivery, Outbox, OutboxEvent } from './types';

interface ClaimedRow {
  id: string;
  type: EventType;
  payload: string;
  attempts: number;
  window_start: number;
}

export class SqliteOutboxTable {
  private readonly claim;
  private readonly nextDue;
  private readonly delivered;
  private readonly failed;
  private readonly released;
  private readonly failedList;
  private readonly reset;

  constructor(private readonly db: Database.Database) {
    this.claim = db.prepare<[{ now: number; limit: number; lockedUntil: number; claimToken: string }], ClaimedRow>(
      `UPDATE webhook_events SET locked_until = @lockedUntil, claim_token = @claimToken
       WHERE id IN (SELECT id FROM webhook_events
                    WHERE state = 'pending' AND next_attempt_at <= @now AND (locked_until IS NULL OR locked_until <= @now)
                    ORDER BY next_attempt_at LIMIT @limit)
       RETURNING id, type, payload, attempts, window_start`,
    );
    this.nextDue = db.prepare<[], { due: number | null }>(
      `SELECT MIN(MAX(next_attempt_at, COALESCE(locked_until, 0))) AS due FROM webhook_events WHERE state = 'pending'`,
    );
    this.delivered = db.prepare(
      `UPDATE webhook_events SET state = 'delivered', delivered_at = ?, next_attempt_at = NULL, locked_until = NULL, claim_token = NULL
       WHERE id = ? AND claim_token = ?`,
    );
    this.failed = db.prepare(
      `UPDATE webhook_events SET attempts = attempts + 1, last_error = ?, locked_until = NULL, claim_token = NULL,
              state = CASE WHEN ? IS NULL THEN 'failed' ELSE 'pending' END, next_attempt_at = ?
       WHERE id = ? AND claim_token = ?`,
    );
    this.released = db.prepare('UPDATE webhook_events SET locked_until = NULL, claim_token = NULL WHERE id = ? AND claim_token = ?');
    this.failedList = db.prepare<[], FailedDelivery>(
      `SELECT e.id, e.type, l.email, e.created_at AS createdAt, e.attempts, e.last_error AS lastError
       FROM webhook_events e JOIN leads l ON l.id = e.lead_id WHERE e.state = 'failed' ORDER BY e.created_at, e.id`,
    );
    this.reset = db.prepare(
      `UPDATE webhook_events SET state = 'pending', attempts = 0, window_start = @now, next_attempt_at = @now, locked_until = NULL, claim_token = NULL
       WHERE state = 'failed' AND (@id IS NULL OR id = @id)`,
    );
  }

  claimDue(now: Date, limit: number, leaseMs: number): OutboxEvent[] {
    const claimToken = randomUUID();
    const rows = this.claim.all({ now: now.getTime(), limit, lockedUntil: now.getTime() + leaseMs, claimToken });
    return rows.map((r) => ({
      id: r.id,
      type: r.type,
      payload: r.payload,
      attempts: r.attempts,
      windowStart: new Date(r.window_start),
      claimToken,
    }));
  }

  nextDueAt(): Date | null {
    const row = this.nextDue.get();
    return row?.due == null ? null : new Date(row.due);
  }

  markDelivered(event: OutboxEvent, now: Date): void {
    this.delivered.run(now.toISOString(), event.id, event.claimToken);
  }

  markFailed(event: OutboxEvent, error: string, retryAt: Date | null): void {
    this.failed.run(error, retryAt?.getTime() ?? null, retryAt?.getTime() ?? null, event.id, event.claimToken);
  }

  release(event: OutboxEvent): void {
    this.released.run(event.id, event.claimToken);
  }

  listFailed(): FailedDelivery[] {
    return this.failedList.all();
  }

  retryFailed(ids: string[] | 'all', now: Date): number {
    const targets = ids === 'all' ? [null] : ids;
    return this.db.transaction(() => targets.reduce((n, id) => n + this.reset.run({ now: now.getTime(), id }).changes, 0))();
  }
}

/** The outbox over a connection of the caller's (the lead commands), each operation committed on its own. */
export class SqliteOutbox implements Outbox {
  private readonly table: SqliteOutboxTable;

  constructor(db: Database.Database) {
    this.table = new SqliteOutboxTable(db);
  }

  async claimDue(now: Date, limit: number, leaseMs: number) {
    return this.table.claimDue(now, limit, leaseMs);
  }
  async nextDueAt() {
    return this.table.nextDueAt();
  }
  async markDelivered(event: OutboxEvent, now: Date) {
    this.table.markDelivered(event, now);
  }
  async markFailed(event: OutboxEvent, error: string, retryAt: Date | null) {
    this.table.markFailed(event, error, retryAt);
  }
  async release(event: OutboxEvent) {
    this.table.release(event);
  }
  async listFailed() {
    return this.table.listFailed();
  }
  async retryFailed(ids: string[] | 'all', now: Date) {
    return this.table.retryFailed(ids, now);
  }
}
