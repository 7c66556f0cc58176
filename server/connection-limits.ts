/**
 * At most so many open connections from one client address, so one client (a flood of idle sockets, a greedy
 * scraper) cannot hold every connection MAX_CONNECTIONS allows and starve the others. Node's http server only has
 * the global cap. IPv6 addresses count by their /64, the block one customer is given: counting each address would
 * let one client open a million. A trusted proxy is not capped: behind it every visitor shares its address, and
 * limiting connections per visitor is then the proxy's job.
 */
import type { Server } from 'node:http';
import { isIPv6 } from 'node:net';

/** The address one client is counted by: an IPv4 address (also when IPv4-mapped), or an IPv6 address's /64. */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head, tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  // An embedded IPv4 address (64:ff9b::192.0.2.1) fills the last two groups.
  const size = (groups: string[]) => groups.reduce((n, group) => n + (group.includes('.') ? 2 : 1), 0);
  const groups = [...headGroups, ...Array(8 - size(headGroups) - size(tailGroups)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

export function limitConnectionsPerAddress(server: Server, perAddress: number, isTrustedProxy: (address: string) => boolean) {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress;
    if (!address || isTrustedProxy(address)) return;
    const key = clientKey(address);
    const count = open.get(key) ?? 0;
    // Closed at once, as Node closes one over MAX_CONNECTIONS: nothing of it has been read yet.
    if (count >= perAddress) return void socket.destroy();
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = open.get(key)! - 1;
      if (left === 0) open.delete(key);
      else open.set(key, left);
    });
  });
}
