/** The request behind every chat form: `POST {leadsApiBase}/functions/v1/submit-email`. */
import { IDEMPOTENCY_KEY_HEADER, LEAD_ENDPOINT_PATH, type LeadRequestBody } from './contract/endpoint';
import { HttpStatusError } from './query-client';

export interface LeadSubmission extends Required<LeadRequestBody> {
  /** Made once per submission and sent again on every retry, so a retry cannot create a second lead. */
  idempotencyKey: string;
}

/** A random (version 4) UUID. `crypto.randomUUID` exists only on https and localhost; getRandomValues works everywhere. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Resolves on an ok answer; rejects with HttpStatusError on any other status, or with fetch's TypeError on a network error. */
export async function submitLead(apiBase: string, { email, page, placement, locale, idempotencyKey }: LeadSubmission): Promise<void> {
  // An empty locale is left out: the server refuses an empty tag.
  const body: LeadRequestBody = { email, page, placement, locale: locale || undefined };
  const response = await fetch(`${apiBase}${LEAD_ENDPOINT_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new HttpStatusError(response.status);
}
