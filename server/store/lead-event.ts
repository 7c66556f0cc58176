/**
 * The webhook event body. SQLite builds it here; PostgreSQL builds the same JSON
 * inside store_submission() (server/store/pg-migrations.ts), and the shared store suite
 * checks that both agree. The body is stored as text and sent byte for byte on
 * every retry.
 */
import type { EventType } from './types';

interface LeadEvent {
  id: string;
  type: EventType;
  created_at: string;
  data: Omit<LeadEventFacts, 'eventId'>;
}

export interface LeadEventFacts {
  eventId: string;
  lead: { id: number; email: string; email_normalized: string; first_seen: string; submission_count: number };
  submission: { email: string; received_at: string; page: string | null; placement: string | null; locale: string | null };
}

/** A lead's first submission is `lead.created`; every later one is `lead.touched`. */
export const eventType = (submissionCount: number): EventType => (submissionCount === 1 ? 'lead.created' : 'lead.touched');

export function leadEventJson({ eventId, lead, submission }: LeadEventFacts): string {
  const event: LeadEvent = {
    id: eventId,
    type: eventType(lead.submission_count),
    created_at: submission.received_at,
    data: { lead, submission },
  };
  return JSON.stringify(event);
}
