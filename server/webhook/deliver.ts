/**
 * One delivery attempt: POST the stored event body to the configured URL, signed.
 * Only a 2xx answer counts as delivered. Redirects are not followed: the URL comes
 * from configuration alone, and a redirect must not send leads somewhere else.
 */
import type { OutboxEvent } from '../store/types';
import { SIGNATURE_HEADER, signatureHeader } from './signature';

export interface WebhookTarget {
  url: string;
  secret: string;
  /** Longest wait for the receiver's answer. */
  timeoutMs: number;
}

export type AttemptResult = { ok: true; status: number } | { ok: false; error: string; aborted: boolean };

export async function deliverEvent(target: WebhookTarget, event: OutboxEvent, stop: AbortSignal): Promise<AttemptResult> {
  const timeout = AbortSignal.timeout(target.timeoutMs);
  try {
    const response = await fetch(target.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.any([stop, timeout]),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Reachwell-Webhooks/1',
        'reachwell-event-id': event.id,
        'reachwell-event-type': event.type,
        'reachwell-delivery-attempt': String(event.attempts + 1),
        [SIGNATURE_HEADER]: signatureHeader(target.secret, event.payload, Math.floor(Date.now() / 1000)),
      },
      body: event.payload,
    });
    // The answer's body is not needed; reading it to the end frees the connection for the next delivery.
    await response.arrayBuffer().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
    return { ok: false, error: `HTTP ${response.status}`, aborted: false };
  } catch (error) {
    if (timeout.aborted) return { ok: false, error: `no answer within ${target.timeoutMs} ms`, aborted: false };
    if (stop.aborted) return { ok: false, error: 'server stopping', aborted: true };
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { ok: false, error: cause?.code ?? cause?.message ?? (error as Error).message, aborted: false };
  }
}
