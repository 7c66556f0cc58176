/**
 * Links in a language: a site path leads to the same page in the page's language (`/terms` is `/es/terms` on a
 * Spanish page); anchors, external and mailto/tel links stay as they are. The page's prefix reaches every link
 * through `LinkPrefixContext` (link-prefix-context.ts). No React here: the engine uses this function at build time.
 */
export function localizedHref(href: string, prefix: string): string {
  if (!prefix || !href.startsWith('/') || href.startsWith('//')) return href;
  return href === '/' || /^\/[?#]/.test(href) ? `/${prefix}${href.slice(1)}` : `/${prefix}${href}`;
}
