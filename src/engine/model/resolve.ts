/**
 * Resolves what documents leave to the site configuration and the collections: `site:<key>` links,
 * `{product}`, `{agent}`, `{phone}` in text, and figures quoted from a collection
 * (`{plans.growth.price}`). Runs when a page is rendered (the build, the dev server). No zod here.
 */
import type { Collections } from './collections';
import { collectionTokenNames, collectionTokens } from './collections/tokens';
import { SITE_LINK_KEYS } from './links';
import type { SiteConfig } from './site-schema';

/** Every URL kept in the site configuration that a document may link to as `site:<key>`. */
export function siteHrefs(site: SiteConfig) {
  return {
    signUp: site.urls.signUp,
    signIn: site.urls.signIn,
    scheduling: site.urls.scheduling,
    social: site.urls.social,
    phoneTel: `tel:${site.contact.phoneE164}`,
    phoneSms: `sms:${site.contact.phoneE164}`,
    'mail.chat': `mailto:${site.contact.mail.chat}`,
    'mail.support': `mailto:${site.contact.mail.support}`,
    'mail.contact': `mailto:${site.contact.mail.contact}`,
    'mail.careers': `mailto:${site.contact.mail.careers}`,
  } satisfies Record<(typeof SITE_LINK_KEYS)[number], string>;
}

/** A placeholder in text: `{product}`, `{plans.growth.price}`, `{record.title}` (templates). */
export const TOKEN_PATTERN = /\{([\w.-]+)\}/g;

/** The placeholders the site configuration defines (collections add their figures). */
export const SITE_PLACEHOLDERS = ['product', 'agent', 'phone'] as const;

/** Every placeholder a document may use, with its value. */
export function tokenValues(site: SiteConfig, collections: Partial<Collections> = {}, locale?: string): Record<string, string> {
  return {
    product: site.brand.productName,
    agent: site.brand.agentName,
    phone: site.contact.phoneDisplay,
    ...collectionTokens(collections, locale),
  } satisfies Record<(typeof SITE_PLACEHOLDERS)[number], string>;
}

/** The placeholders of tokenValues, with no figure formatted: what a document's placeholders are checked against. */
export const tokenNames = (collections: Partial<Collections> = {}): Set<string> =>
  new Set([...SITE_PLACEHOLDERS, ...collectionTokenNames(collections)]);

/** Returns a copy of `value` with every link and token resolved. Unknown tokens are left as written (validation reports them). */
export function resolveContent<T>(value: T, site: SiteConfig, collections: Partial<Collections> = {}, locale?: string): T {
  const hrefs: Record<string, string> = siteHrefs(site);
  const tokens = tokenValues(site, collections, locale);
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      if (node.startsWith('site:')) return hrefs[node.slice(5)] ?? node;
      return node.includes('{') ? node.replace(TOKEN_PATTERN, (match, name: string) => tokens[name] ?? match) : node;
    }
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === '$schema' ? v : walk(v)]));
    }
    return node;
  };
  return walk(value) as T;
}
