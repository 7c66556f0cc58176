import { forwardRef, use, type AnchorHTMLAttributes } from 'react';
import { LinkPrefixContext } from '../lib/link-prefix-context';
import { localizedHref } from '../lib/localized-href';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/**
 * Every link of the site is a plain anchor: one navigation model everywhere, a full page load of
 * a prerendered page (the browser prefetches it on hover, see src/render/document.ts). Same-page
 * anchors scroll smoothly (src/ui/anchor-scroll.ts). External https links get rel="noopener noreferrer".
 * `site:` links and `{tokens}` were resolved at build time.
 */
export const SiteLink = forwardRef<HTMLAnchorElement, Props>(function SiteLink({ href, rel, children, ...rest }, ref) {
  // A site path leads to the same page in the page's language: /terms is /es/terms on a Spanish page.
  const prefix = use(LinkPrefixContext);
  return (
    <a ref={ref} href={localizedHref(href, prefix)} rel={rel ?? (href.startsWith('https:') ? 'noopener noreferrer' : undefined)} {...rest}>
      {children}
    </a>
  );
});
