/**
 * Addresses a page may not take, because something else answers there: another language's pages (`/es/...`), the
 * build's scripts and styles (`/assets/...`), the lead server's own endpoints (`/healthz`, `/readyz`, `/functions/...`),
 * the development server's and the editor's pages (`/__edit`, `/__blocks`, ...), and the files the build writes
 * beside the pages (`/robots.txt`, `/sitemap.xml`: a page's address has no dot). A page there would be unreachable,
 * or replace what the address served. Plain strings: the editor's new-page dialog checks with the same rule.
 * (tests/unit/reserved-routes.test.ts holds the server's routes to this list.)
 */

/** First parts of an address that belong to the site's machinery. */
const RESERVED_FIRST_PARTS = ['assets', 'functions', 'healthz', 'readyz'] as const;

/** Why `route` cannot be a page's address (undefined when it can). `prefixes`: the other languages' URL prefixes. */
export function reservedRouteReason(route: string, prefixes: readonly string[]): string | undefined {
  const parts = route.split('/').filter(Boolean);
  const [first] = parts;
  if (first === undefined) return undefined;
  if (prefixes.includes(first)) return `/${first}/ holds the pages of another language, so no page of its own may live there`;
  if (first.startsWith('__')) return `/${first} belongs to the development server and the visual editor`;
  if ((RESERVED_FIRST_PARTS as readonly string[]).includes(first))
    return first === 'assets'
      ? '/assets/ holds the scripts, styles and fonts the build writes'
      : `/${first} is one of the lead server's own addresses`;
  if (parts.some((part) => part.includes('.')))
    return "a page's address has no dot: such names are the files the build writes (robots.txt, sitemap.xml)";
  return undefined;
}
