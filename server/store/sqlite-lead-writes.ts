/**
 * One submission written to the SQLite file: the lead upserted by its normalised address, the submission (touch)
 * with its idempotency key, and its webhook event when events are on. Runs inside the batch's transaction, in a
 * savepoint of its own, so a submission that fails undoes nothing of the others (server/store/sqlite-writer.ts).
 */
import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { normaliseEmail } from '../../src/leads/contract/email-rule';
import { eventType, leadEventJson } from './lead-event';
import type { LeadInput, LeadOutcome } from './types';

interface LeadAfterUpsert {
  id: number;
  email: string;
  first_seen: string;
  submission_count: number;
}

/** `record(input, receivedAt)`: the submission's outcome; a savepoint when called inside a transaction. */
export function leadRecorder(db: Database.Database, recordEvents: boolean): (input: LeadInput, receivedAt: Date) => LeadOutcome {
  const findKey = db.prepare<[string], { email_normalized: string }>(
    'SELECT l.email_normalized FROM submissions s JOIN leads l ON l.id = s.lead_id WHERE s.idempotency_key = ?',
  );
  const upsertLead = db.prepare<[Record<string, string | null>], LeadAfterUpsert>(`
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
  const insertSubmission = db.prepare(`
    INSERT INTO submissions (lead_id, received_at, email, page, placement, locale, user_agent, idempotency_key)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertEvent = db.prepare(`
    INSERT INTO webhook_events (id, lead_id, submission_id, type, payload, created_at, state, window_start, next_attempt_at)
    VALUES (@id, @leadId, @submissionId, @type, @payload, @now, 'pending', @nowMs, @nowMs)`);

  return db.transaction((input: LeadInput, now: Date): LeadOutcome => {
    const normalized = normaliseEmail(input.email);
    if (input.idempotencyKey) {
      const seen = findKey.get(input.idempotencyKey);
      if (seen) return seen.email_normalized === normalized ? 'replayed' : 'key-conflict';
    }
    const iso = now.toISOString();
    const { page, placement, locale, userAgent } = input;
    const lead = upsertLead.get({ normalized, email: input.email, now: iso, page, placement, locale, userAgent })!;
    const submission = insertSubmission.run(lead.id, iso, input.email, page, placement, locale, userAgent, input.idempotencyKey);
    if (recordEvents) {
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
      insertEvent.run({
        id: eventId,
        leadId: lead.id,
        submissionId: submission.lastInsertRowid,
        type: eventType(lead.submission_count),
        payload,
        now: iso,
        nowMs: now.getTime(),
      });
    }
    return 'stored';
  });
}
