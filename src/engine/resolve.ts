/**
 * Resolves what page documents leave to the site configuration: `site:<key>`
 * links and `{product}`, `{agent}`, `{phone}` in text. Runs on load, on the
 * server and in the browser alike, so both render the same markup. No zod here.
 */
import { siteHrefs } from './links';
import type { SiteConfig } from './site-schema';

function textTokens(site: SiteConfig): Record<string, string> {
  return { product: site.brand.productName, agent: site.brand.agentName, phone: site.contact.phoneDisplay };
}

/** Returns a copy of `value` with every link and token resolved. Unknown tokens are left as written (validation reports them). */
export function resolveContent<T>(value: T, site: SiteConfig): T {
  const hrefs = siteHrefs(site);
  const tokens = textTokens(site);
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      if (node.startsWith('site:')) return (hrefs as Record<string, string>)[node.slice(5)] ?? node;
      return node.includes('{') ? node.replace(/\{(\w+)\}/g, (match, name: string) => tokens[name] ?? match) : node;
    }
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === '$schema' ? v : walk(v)]));
    }
    return node;
  };
  return walk(value) as T;
}

export const TEXT_TOKENS = ['product', 'agent', 'phone'] as const;
