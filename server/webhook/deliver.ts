/**
 * One delivery attempt: POST the stored event body to the configured URL, signed.
 * Only a 2xx answer counts as delivered. Redirects are not followed: the URL comes
 * from configuration alone, and a redirect must not send leads somewhere else.
 */
import type { OutboxEvent } from '../store/types';
import { SIGNATURE_HEADER, signatureHeader } from './signature';

export interface WebhookTarget {
  url: string;
  /** The current secret, and the previous one while the receiver changes over (each delivery signed with both). */
  secrets: readonly string[];
  /** Longest wait for the receiver's answer. */
  timeoutMs: number;
}

export type AttemptResult = { ok: true; status: number } | { ok: false; error: string; aborted: boolean };

/** The most of a receiver's answer that is read, for the log of a failure. The receiver is not trusted to be brief. */
const ANSWER_PREFIX_BYTES = 256;

/**
 * The start of the answer's body as one line of text; the rest is never read. An answer that ends within the
 * prefix leaves the connection free for the next delivery; a longer one is cancelled, which closes it.
 */
async function answerPrefix(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
      if (size >= ANSWER_PREFIX_BYTES) {
        await reader.cancel();
        break;
      }
    }
  } catch {
    // A receiver that breaks off its answer: what arrived is enough for the log.
  }
  const text = Buffer.concat(chunks).subarray(0, ANSWER_PREFIX_BYTES).toString('utf8');
  // eslint-disable-next-line no-control-regex -- one log line: the receiver's newlines and control characters go
  return text.replace(/[\u0000-\u001f\u007f\ufffd]+/g, ' ').trim();
}

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
        [SIGNATURE_HEADER]: signatureHeader(target.secrets, event.payload, Math.floor(Date.now() / 1000)),
      },
      body: event.payload,
    });
    const said = await answerPrefix(response);
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
    return { ok: false, error: said ? `HTTP ${response.status}: ${said}` : `HTTP ${response.status}`, aborted: false };
  } catch (error) {
    if (timeout.aborted) return { ok: false, error: `no answer within ${target.timeoutMs} ms`, aborted: false };
    if (stop.aborted) return { ok: false, error: 'server stopping', aborted: true };
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { ok: false, error: cause?.code ?? cause?.message ?? (error as Error).message, aborted: false };
  }
}
