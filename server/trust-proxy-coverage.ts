/**
 * How many public addresses a TRUST_PROXY list trusts, counted over the union of its ranges. Each range may be
 * narrow enough and the list still trust everyone (the 256 /8s of IPv4, or half of them written as IPv4-mapped
 * IPv6): a client connecting from any trusted address then picks its own in X-Forwarded-For, past the rate limit.
 *
 * Addresses are numbers in one 128-bit space, IPv4 as IPv4-mapped IPv6 (::ffff:a.b.c.d, as a dual-stack socket
 * reports an IPv4 peer), so `1.2.3.4` and `::ffff:1.2.3.4` are one address and every form of a range counts once.
 */
import { isIPv4 } from 'node:net';

/** Inclusive bounds. */
interface Range {
  first: bigint;
  last: bigint;
}

const IPV4_BLOCK: Range = { first: 0xffff_0000_0000n, last: 0xffff_ffff_ffffn };

/** The parts of each family that are never a visitor on the internet: private, loopback, link-local, shared. */
const NOT_PUBLIC = {
  // "This network", 10/8, shared address space (carrier-grade NAT), loopback, link-local, 172.16/12, 192.168/16.
  ipv4: ['0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12', '192.168.0.0/16'],
  // Unspecified, loopback, unique local, link-local.
  ipv6: ['::/128', '::1/128', 'fc00::/7', 'fe80::/10'],
};

/** The most public addresses a list may trust: as many as the widest range one entry may name (one /8 of IPv4, a /7 of IPv6). */
export const MOST_PUBLIC_TRUSTED = { ipv4: 1n << 24n, ipv6: 1n << 121n };

function ipv6Number(address: string): bigint {
  let text = address;
  // An embedded IPv4 address (::ffff:1.2.3.4) is the last two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const missing = 8 - groups(head).length - groups(tail).length;
  const all = tail === undefined ? groups(head) : [...groups(head), ...Array<string>(missing).fill('0'), ...groups(tail)];
  return all.reduce((n, group) => (n << 16n) | BigInt(parseInt(group, 16)), 0n);
}

/** An address or CIDR, already checked to be one (server/trust-proxy.ts). */
function rangeOf(entry: string): Range {
  const [address, prefixText] = entry.split('/');
  const v4 = isIPv4(address);
  const number = v4 ? IPV4_BLOCK.first | BigInt(address.split('.').reduce((n, octet) => n * 256 + Number(octet), 0)) : ipv6Number(address);
  const hostBits = BigInt((v4 ? 32 : 128) - (prefixText === undefined ? (v4 ? 32 : 128) : Number(prefixText)));
  const size = 1n << hostBits;
  const first = (number >> hostBits) << hostBits;
  return { first, last: first + size - 1n };
}

const NOT_PUBLIC_RANGES = { ipv4: NOT_PUBLIC.ipv4.map(rangeOf), ipv6: NOT_PUBLIC.ipv6.map(rangeOf) };

const overlap = (a: Range, b: Range) => {
  const first = a.first > b.first ? a.first : b.first;
  const last = a.last < b.last ? a.last : b.last;
  return last >= first ? last - first + 1n : 0n;
};

/** The union of the ranges, as sorted ranges that neither overlap nor touch. */
function union(ranges: Range[]): Range[] {
  const merged: Range[] = [];
  for (const range of [...ranges].sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0))) {
    const previous = merged.at(-1);
    if (previous && range.first <= previous.last + 1n) {
      if (range.last > previous.last) previous.last = range.last;
    } else merged.push({ ...range });
  }
  return merged;
}

/** Public addresses the entries trust together, per family, and whether they trust every address of it. */
export function trustedCoverage(entries: string[]) {
  const ranges = union(entries.map(rangeOf));
  const sum = (measure: (range: Range) => bigint) => ranges.reduce((n, range) => n + measure(range), 0n);
  const size = (range: Range) => range.last - range.first + 1n;
  const within = (range: Range, specials: Range[]) => specials.reduce((n, special) => n + overlap(range, special), 0n);
  const ipv4 = sum((range) => overlap(range, IPV4_BLOCK));
  const ipv6 = sum((range) => size(range) - overlap(range, IPV4_BLOCK));
  return {
    ipv4: { public: ipv4 - sum((range) => within(range, NOT_PUBLIC_RANGES.ipv4)), everything: ipv4 === size(IPV4_BLOCK) },
    ipv6: { public: ipv6 - sum((range) => within(range, NOT_PUBLIC_RANGES.ipv6)), everything: ipv6 === (1n << 128n) - size(IPV4_BLOCK) },
  };
}
