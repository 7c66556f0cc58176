/**
 * A loopback port nothing listens on right now, for a server that must be told its port before it starts (Vite's dev
 * server, PostgreSQL, the hosted editor, whose origin names it). Another process may take it meanwhile: callers that
 * can retry do.
 */
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
