/**
 * The webhook outbox in PostgreSQL. Several servers run a dispatcher each: a claim
 * takes due rows with FOR UPDATE SKIP LOCKED and leases them (locked_until), so two
 * servers never send the same event at the same time.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { EventType, FailedDelivery, Outbox, OutboxEvent } from './types';

export class PgOutbox implements Outbox {
  constructor(private readonly pool: pg.Pool) {}

  async claimDue(now: Date, limit: number, leaseMs: number): Promise<OutboxEvent[]> {
    const claimToken = randomUUID();
    const { rows } = await this.pool.query<{ id: string; type: EventType; payload: string; attempts: number; window_start: Date }>(
      `UPDATE webhook_events e SET locked_until = $2, claim_token = $3
       FROM (SELECT id FROM webhook_events
             WHERE state = 'pending' AND next_attempt_at <= $1 AND (locked_until IS NULL OR locked_until <= $1)
             ORDER BY next_attempt_at LIMIT $4 FOR UPDATE SKIP LOCKED) due
       WHERE e.id = due.id
       RETURNING e.id, e.type, e.payload, e.attempts, e.window_start`,
      [now, new Date(now.getTime() + leaseMs), claimToken, limit],
    );
    return rows.map((r) => ({ id: r.id, type: r.type, payload: r.payload, attempts: r.attempts, windowStart: r.window_start, claimToken }));
  }

  async nextDueAt(): Promise<Date | null> {
    const { rows } = await this.pool.query<{ due: Date | null }>(
      `SELECT MIN(GREATEST(next_attempt_at, COALESCE(locked_until, '-infinity'))) AS due FROM webhook_events WHERE state = 'pending'`,
    );
    return rows[0].due;
  }

  async markDelivered(event: OutboxEvent, now: Date): Promise<void> {
    await this.pool.query(
      `UPDATE webhook_events SET state = 'delivered', delivered_at = $3, next_attempt_at = NULL, locked_until = NULL, claim_token = NULL
       WHERE id = $1 AND claim_token = $2`,
      [event.id, event.claimToken, now],
    );
  }

  async markFailed(event: OutboxEvent, error: string, retryAt: Date | null): Promise<void> {
    await this.pool.query(
      `UPDATE webhook_events SET attempts = attempts + 1, last_error = $3, locked_until = NULL, claim_token = NULL,
              state = CASE WHEN $4::timestamptz IS NULL THEN 'failed' ELSE 'pending' END, next_attempt_at = $4
       WHERE id = $1 AND claim_token = $2`,
      [event.id, event.claimToken, error, retryAt],
    );
  }

  async release(event: OutboxEvent): Promise<void> {
    await this.pool.query('UPDATE webhook_events SET locked_until = NULL, claim_token = NULL WHERE id = $1 AND claim_token = $2', [
      event.id,
      event.claimToken,
    ]);
  }

  async listFailed(): Promise<FailedDelivery[]> {
    const { rows } = await this.pool.query<FailedDelivery>(
      `SELECT e.id, e.type, l.email, iso_utc(e.created_at) AS "createdAt", e.attempts, e.last_error AS "lastError"
       FROM webhook_events e JOIN leads l ON l.id = e.lead_id WHERE e.state = 'failed' ORDER BY e.created_at, e.id`,
    );
    return rows;
  }

  async retryFailed(ids: string[] | 'all', now: Date): Promise<number> {
    const { rowCount } = await this.pool.query(
      `UPDATE webhook_events SET state = 'pending', attempts = 0, window_start = $1, next_attempt_at = $1, locked_until = NULL, claim_token = NULL
       WHERE state = 'failed' AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[]))`,
      [now, ids === 'all' ? null : ids],
    );
    return rowCount ?? 0;
  }
}
