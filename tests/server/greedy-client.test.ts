/**
 * One client cannot starve the others: a flood of idle connections from one address (1,030 of them once made
 * every page time out until the request timeout closed them) is capped per address, while another client is
 * served at once. A trusted proxy, which carries every visitor's connections, is not capped.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config';
import { clientKey } from '../../server/connection-limits';
import { spawnServer, startInProcess, waitFor, type ServerProcess } from './helpers';

const sockets: Socket[] = [];
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  while (cleanups.length > 0) await cleanups.pop()!();
});

interface Flood {
  open: () => number;
  closed: () => number;
}

/** `count` connections from `localAddress` that send nothing; resolves once each has connected (or failed to). */
async function idleConnections(baseURL: string, localAddress: string, count: number): Promise<Flood> {
  const { port } = new URL(baseURL);
  let closed = 0;
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<void>((resolve) => {
          const socket = connect({ host: '127.0.0.1', port: Number(port), localAddress });
          sockets.push(socket);
          socket.on('error', () => undefined);
          socket.once('connect', () => resolve());
          socket.once('close', () => {
            closed++;
            resolve();
          });
        }),
    ),
  );
  return { open: () => count - closed, closed: () => closed };
}

async function get(baseURL: string, path: string) {
  const response = await fetch(baseURL + path, { signal: AbortSignal.timeout(5000) });
  await response.arrayBuffer();
  return response.status;
}

describe('connections per client address', () => {
  it('caps a flood of idle connections from one address, and serves another client meanwhile', async () => {
    const server: ServerProcess = await spawnServer({});
    cleanups.push(() => server.child.exitCode === null && server.child.kill('SIGKILL'));
    // More than MAX_CONNECTIONS (1,024 by default), from 127.0.0.2; the test's own requests come from 127.0.0.1.
    const flood = await idleConnections(server.baseURL, '127.0.0.2', 1030);
    // Once the server has taken every connection it will take, it has closed at least those over its global cap.
    await waitFor('the server to have taken the flood', () => flood.closed() >= 1030 - 1024);
    expect(await get(server.baseURL, '/')).toBe(200);
    expect(await get(server.baseURL, '/healthz')).toBe(200);
    await waitFor('every connection over the per-address cap to be closed', () => flood.open() <= 64);
    expect(flood.open()).toBe(64);
  });

  it('does not cap a trusted proxy, which carries every visitor', async () => {
    const { baseURL, close } = await startInProcess({ trustProxy: ['127.0.0.1'], limits: { maxConnectionsPerAddress: 3 } });
    cleanups.push(close);
    const answered = await Promise.all(Array.from({ length: 10 }, () => keptAliveRequest(baseURL)));
    expect(answered).toEqual(Array(10).fill('HTTP/1.1 200 OK'));
    // All ten stay open (kept alive), none refused.
    expect(sockets.filter((socket) => !socket.destroyed)).toHaveLength(10);
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as IPv4', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
  });

  it('is 64 per address unless MAX_CONNECTIONS_PER_ADDRESS says otherwise', () => {
    expect(configFromEnv({}).limits?.maxConnectionsPerAddress).toBe(64);
    expect(configFromEnv({ MAX_CONNECTIONS_PER_ADDRESS: '8' }).limits?.maxConnectionsPerAddress).toBe(8);
    expect(() => configFromEnv({ MAX_CONNECTIONS_PER_ADDRESS: '0' })).toThrow(/MAX_CONNECTIONS_PER_ADDRESS/);
  });
});

/** A GET /healthz on a connection of its own that stays open afterwards (keep-alive); resolves with the status line. */
function keptAliveRequest(baseURL: string): Promise<string> {
  const { port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect(Number(port), '127.0.0.1', () => socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n'));
    sockets.push(socket);
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      received += chunk;
      if (received.includes('\r\n\r\n')) resolve(received.split('\r\n')[0]);
    });
    socket.once('error', reject);
  });
}
