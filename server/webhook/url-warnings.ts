/**
 * A webhook URL that works but deserves a second look at start: plain http sends every lead's email address
 * unencrypted, and a loopback address is reached on each server's own machine. Neither is refused: a receiver
 * beside the server (a sidecar) is a fair setup, so the operator is told, not stopped.
 */
import { isIPv4 } from 'node:net';

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1' || host === '::' || host === '0.0.0.0') return true;
  return isIPv4(host) && host.startsWith('127.');
}

export function webhookUrlWarnings(url: string): string[] {
  const { protocol, hostname } = new URL(url);
  const warnings: string[] = [];
  if (protocol === 'http:') {
    warnings.push(
      'LEADS_WEBHOOK_URL is plain http: every lead (email address included) is sent unencrypted. Use https unless the receiver is on this machine or a network you trust.',
    );
  }
  if (isLoopback(hostname)) {
    warnings.push(
      `LEADS_WEBHOOK_URL points to this machine (${hostname}): right for a receiver running beside the server, but each server delivers to its own machine.`,
    );
  }
  return warnings;
}
