/** The webhook outbox in the SQLite file (times are epoch milliseconds). */
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

export class SqliteOutbox implements Outbox {
  constructor(private readonly db: Database.Database) {}

  async claimDue(now: Date, limit: number, leaseMs: number): Promise<OutboxEvent[]> {
    const claimToken = randomUUID();
    const rows = this.db
      .prepare<[{ now: number; limit: number; lockedUntil: number; claimToken: string }], ClaimedRow>(
        `UPDATE webhook_events SET locked_until = @lockedUntil, claim_token = @claimToken
         WHERE id IN (SELECT id FROM webhook_events
                      WHERE state = 'pending' AND next_attempt_at <= @now AND (locked_until IS NULL OR locked_until <= @now)
                      ORDER BY next_attempt_at LIMIT @limit)
         RETURNING id, type, payload, attempts, window_start`,
      )
      .all({ now: now.getTime(), limit, lockedUntil: now.getTime() + leaseMs, claimToken });
    return rows.map((r) => ({
      id: r.id,
      type: r.type,
      payload: r.payload,
      attempts: r.attempts,
      windowStart: new Date(r.window_start),
      claimToken,
    }));
  }

  async nextDueAt(): Promise<Date | null> {
    const row = this.db
      .prepare<[], { due: number | null }>(
        `SELECT MIN(MAX(next_attempt_at, COALESCE(locked_until, 0))) AS due FROM webhook_events WHERE state = 'pending'`,
      )
      .get();
    return row?.due == null ? null : new Date(row.due);
  }

  async markDelivered(event: OutboxEvent, now: Date): Promise<void> {
    this.db
      .prepare(
        `UPDATE webhook_events SET state = 'delivered', delivered_at = ?, next_attempt_at = NULL, locked_until = NULL, claim_token = NULL
         WHERE id = ? AND claim_token = ?`,
      )
      .run(now.toISOString(), event.id, event.claimToken);
  }

  async markFailed(event: OutboxEvent, error: string, retryAt: Date | null): Promise<void> {
    this.db
      .prepare(
        `UPDATE webhook_events SET attempts = attempts + 1, last_error = ?, locked_until = NULL, claim_token = NULL,
                state = CASE WHEN ? IS NULL THEN 'failed' ELSE 'pending' END, next_attempt_at = ?
         WHERE id = ? AND claim_token = ?`,
      )
      .run(error, retryAt?.getTime() ?? null, retryAt?.getTime() ?? null, event.id, event.claimToken);
  }

  async release(event: OutboxEvent): Promise<void> {
    this.db
      .prepare('UPDATE webhook_events SET locked_until = NULL, claim_token = NULL WHERE id = ? AND claim_token = ?')
      .run(event.id, event.claimToken);
  }

  async listFailed(): Promise<FailedDelivery[]> {
    return this.db
      .prepare<[], FailedDelivery>(
        `SELECT e.id, e.type, l.email, e.created_at AS createdAt, e.attempts, e.last_error AS lastError
         FROM webhook_events e JOIN leads l ON l.id = e.lead_id WHERE e.state = 'failed' ORDER BY e.created_at, e.id`,
      )
      .all();
  }

  async retryFailed(ids: string[] | 'all', now: Date): Promise<number> {
    const reset = this.db.prepare(
      `UPDATE webhook_events SET state = 'pending', attempts = 0, window_start = @now, next_attempt_at = @now, locked_until = NULL, claim_token = NULL
       WHERE state = 'failed' AND (@id IS NULL OR id = @id)`,
    );
    const targets = ids === 'all' ? [null] : ids;
    return this.db.transaction(() => targets.reduce((n, id) => n + reset.run({ now: now.getTime(), id }).changes, 0))();
  }
}
