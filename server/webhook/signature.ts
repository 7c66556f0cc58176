/**
 * Webhook signatures in the style of Stripe and GitHub: an HMAC-SHA256, keyed with
 * the shared secret, over `<unix seconds>.<body>`, sent as
 *   Reachwell-Signature: t=1767225600,v1=<64 hex digits>
 * Signing the timestamp lets the receiver refuse old deliveries replayed by someone
 * who captured one. docs/lead-server.md shows how a receiver verifies it.
 *
 * While the secret is being changed, each delivery is signed with both (as Stripe does when a secret is rolled):
 *   Reachwell-Signature: t=1767225600,v1=<with the current secret>,v1=<with the previous one>
 * and a receiver accepts a delivery when any v1 matches the secret it has, old or new. The previous secret's comes
 * last: a receiver that reads a single v1 usually keeps the last one, so it keeps working while the change begins.
 */
import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'reachwell-signature';

/** `secrets`: the current secret first, then the previous one while the change lasts. */
export function signatureHeader(secrets: readonly string[], body: string, unixSeconds: number): string {
  const macs = secrets.map((secret) => `v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`);
  return [`t=${unixSeconds}`, ...macs].join(',');
}
