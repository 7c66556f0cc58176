/**
 * Webhook signatures in the style of Stripe and GitHub: an HMAC-SHA256, keyed with
 * the shared secret, over `<unix seconds>.<body>`, sent as
 *   Reachwell-Signature: t=1767225600,v1=<64 hex digits>
 * Signing the timestamp lets the receiver refuse old deliveries replayed by someone
 * who captured one. docs/lead-server.md shows how a receiver verifies it.
 */
import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'reachwell-signature';

export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}
