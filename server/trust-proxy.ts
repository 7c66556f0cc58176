/**
 * Which peers are proxies whose X-Forwarded-For is believed (TRUST_PROXY): their addresses or CIDRs, or how many
 * proxies are in front (a hop count). Never "trust everyone": see server/config.ts.
 */
import { BlockList, isIPv4 } from 'node:net';

export type TrustProxy = string[] | number | undefined;

/**
 * Fastify's form. Fastify reads a bare number as "trust nothing"; a hop count is the function "the n addresses
 * nearest this server are proxies", so the client is the address the outermost proxy appended.
 */
export function fastifyTrustProxy(trust: TrustProxy): string[] | ((address: string, hop: number) => boolean) | false {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust ?? false;
}

/** Whether a TCP peer is one of the trusted proxies. With a hop count every peer is the nearest proxy. */
export function isTrustedPeer(trust: TrustProxy): (address: string) => boolean {
  if (trust === undefined) return () => false;
  if (typeof trust === 'number') return () => true;
  const proxies = new BlockList();
  for (const entry of trust) {
    const [address, prefix] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) proxies.addAddress(address, type);
    else proxies.addSubnet(address, Number(prefix), type);
  }
  // An IPv4 rule also matches the IPv4-mapped IPv6 form a dual-stack socket reports (::ffff:10.0.0.1).
  return (address) => proxies.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}
