/**
 * A real webhook receiver on a loopback port, as a CRM would run one: it verifies
 * each delivery's signature the way docs/lead-server.md tells receivers to, drops
 * duplicates by event id, and can be told to fail, to hang (no answer) or to work.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Behaviour = 'ok' | 'fail' | 'hang';

export interface Delivery {
  id: string;
  type: string;
  attempt: number;
  body: string;
  /** The Reachwell-Signature header as received. */
  signature: string;
  signatureValid: boolean;
  answered: Behaviour;
}

/**
 * The check a receiver runs, as docs/lead-server.md shows it: the HMAC of `<t>.<body>` with the shared secret matches
 * any of the header's v1 signatures (two while the sender's secret is being changed), and a recent timestamp.
 */
export function verifySignature(secret: string, header: string | undefined, body: string, toleranceSeconds = 300): boolean {
  const parts = (header ?? '').split(',').map((part) => part.split('=', 2) as [string, string | undefined]);
  const t = Number(parts.find(([name]) => name === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return parts.some(([name, value]) => {
    const given = Buffer.from(name === 'v1' ? (value ?? '') : '', 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export async function startReceiver(secret: string, decide: (id: string, attemptsSeenForId: number) => Behaviour = () => 'ok') {
  const deliveries: Delivery[] = [];
  /** Event ids answered 2xx, each once: what the CRM keeps after dropping duplicates. */
  const accepted = new Map<string, string>();
  let behave = decide;

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const id = String(request.headers['reachwell-event-id']);
      const seen = deliveries.filter((d) => d.id === id).length;
      const answered = behave(id, seen);
      deliveries.push({
        id,
        type: String(request.headers['reachwell-event-type']),
        attempt: Number(request.headers['reachwell-delivery-attempt']),
        body,
        signature: String(request.headers['reachwell-signature']),
        signatureValid: verifySignature(secret, request.headers['reachwell-signature'] as string | undefined, body),
        answered,
      });
      if (answered === 'hang') return; // never answers; the sender's timeout ends it
      if (answered === 'fail') return void response.writeHead(500).end('down');
      if (!accepted.has(id)) accepted.set(id, body);
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/leads`,
    deliveries,
    accepted,
    behave(next: (id: string, attemptsSeenForId: number) => Behaviour) {
      behave = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
