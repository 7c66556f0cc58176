/**
 * Which peers are proxies whose X-Forwarded-For is believed: their addresses or CIDRs, or how many proxies are in
 * front (a hop count). Never "trust everyone": see server/config.ts. One parser for the lead server's TRUST_PROXY and
 * the hosted editor's EDITOR_TRUST_PROXY (src/editor/host/accounts/settings.ts), so both refuse the same values; its
 * errors name the setting they were given.
 */
import type { FastifyInstance } from 'fastify';
import { BlockList, isIP, isIPv4 } from 'node:net';
import { MOST_PUBLIC_TRUSTED, trustedCoverage } from './trust-proxy-coverage';

export type TrustProxy = string[] | number | undefined;

/** The lead server's setting; the editor's parser names its own. */
type Setting = 'TRUST_PROXY' | 'EDITOR_TRUST_PROXY';

const examples = (setting: Setting) =>
  `Give the proxies' addresses or CIDRs (${setting}=10.0.0.0/8) or how many proxies are in front (${setting}=1).`;

/**
 * The widest range a proxy list may name: the largest private block of each family (10.0.0.0/8, fc00::/7). Wider
 * ones (0.0.0.0/1 and 128.0.0.0/1 together are everyone) trust clients' own X-Forwarded-For.
 */
const WIDEST_PREFIX = { ipv4: 8, ipv6: 7 };

/** Throws unless `entry` is an address, or a CIDR no wider than above (IPv4's rule for ::ffff:0:0/96, every IPv4 address). */
function checkEntry(entry: string, setting: Setting) {
  const [address, prefixText, ...extra] = entry.split('/');
  const family = isIP(address);
  const bits = family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? bits : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (family === 0 || extra.length > 0 || !(prefix <= bits)) {
    throw new Error(`${setting}: "${entry}" is not an IP address or CIDR. ${examples(setting)}`);
  }
  const mapped = family === 6 && /^::ffff:/i.test(address) && prefix >= 96;
  const [widest, width] = family === 4 || mapped ? [WIDEST_PREFIX.ipv4, mapped ? prefix - 96 : prefix] : [WIDEST_PREFIX.ipv6, prefix];
  if (width < widest) {
    throw new Error(
      `${setting}: "${entry}" is wider than any proxy network (at most /${widest} for ${family === 4 || mapped ? 'IPv4' : 'IPv6'}) ` +
        `and would let clients choose their own address with X-Forwarded-For. ${examples(setting)}`,
    );
  }
}

/**
 * Throws when the entries together trust every address of a family, or more public addresses than the widest single
 * range may hold (a /8 of IPv4, a /7 of IPv6): the 256 /8s, or IPv4 ranges half written as IPv4-mapped IPv6, are
 * everyone again. Private, loopback and link-local ranges do not count (10.0.0.0/8,172.16.0.0/12,192.168.0.0/16 is fine).
 */
function checkCoverage(entries: string[], setting: Setting) {
  const coverage = trustedCoverage(entries);
  for (const [family, label] of [
    ['ipv4', 'IPv4'],
    ['ipv6', 'IPv6'],
  ] as const) {
    const { public: trusted, everything } = coverage[family];
    const what = everything
      ? `every ${label} address`
      : trusted > MOST_PUBLIC_TRUSTED[family]
        ? `${trusted.toLocaleString('en-US')} public ${label} addresses, more than one /${WIDEST_PREFIX[family]} holds`
        : undefined;
    if (what) {
      throw new Error(
        `${setting}: together, its ${entries.length} entries trust ${what}, ` +
          `and would let clients choose their own address with X-Forwarded-For. ${examples(setting)}`,
      );
    }
  }
}

/**
 * TRUST_PROXY as the server takes it. Fastify's `trustProxy: true` takes the leftmost X-Forwarded-For entry, which
 * the client writes itself: anyone could then pick their own address and walk past the rate limit. So only the
 * proxies' addresses or CIDRs are accepted (none wider than a private network, nor all together more public addresses
 * than one), or the number of proxies in front
 * (a hop count: the client is the address the outermost one appended). Errors name the setting.
 */
export function parseTrustProxy(value: string | undefined, setting: Setting = 'TRUST_PROXY'): TrustProxy {
  if (!value || value === 'false') return undefined;
  if (value === 'true')
    throw new Error(`${setting}=true would trust any client's own X-Forwarded-For and defeat the rate limit. ${examples(setting)}`);
  if (/^\d+$/.test(value)) {
    if (Number(value) < 1) throw new Error(`${setting}=${value}: a hop count is at least 1; unset ${setting} when no proxy is in front.`);
    return Number(value);
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) checkEntry(entry, setting);
  checkCoverage(entries, setting);
  return entries;
}

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

/**
 * A hop count must be exact, and one too many cannot be refused at start: the client is then the address one hop
 * further out, which it writes itself. Every proxy appends one X-Forwarded-For entry, so a request that came through
 * the proxies with fewer entries than the count proves the count too high; the first one is logged as an error
 * naming the setting.
 */
export function reportTooManyHops(app: FastifyInstance, trust: TrustProxy, setting: Setting = 'TRUST_PROXY') {
  if (typeof trust !== 'number') return;
  let reported = false;
  app.addHook('onRequest', async (request) => {
    if (reported) return;
    const header = request.headers['x-forwarded-for'];
    const entries = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').filter((entry) => entry.trim()).length;
    // None: not through the proxies at all (the balancer's own health check), which proves nothing about the count.
    if (entries === 0 || entries >= trust) return;
    reported = true;
    request.log.error(
      `${setting}=${trust}, but a request came through ${entries} ${entries === 1 ? 'proxy' : 'proxies'} (X-Forwarded-For entries): ` +
        'with a count above the real number of proxies, clients choose their own address past the rate limit. ' +
        `Set ${setting} to the real number, or better to the proxies' addresses.`,
    );
  });
}
