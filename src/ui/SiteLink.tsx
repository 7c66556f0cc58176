import { forwardRef, type AnchorHTMLAttributes } from 'react';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/**
 * Every link of the site is a plain anchor: one navigation model everywhere, a full page load of
 * a prerendered page (the browser prefetches it on hover, see src/render/document.ts). Same-page
 * anchors scroll smoothly (src/ui/anchor-scroll.ts). External https links get rel="noopener noreferrer".
 * `site:` links and `{tokens}` were resolved at build time.
 */
export const SiteLink = forwardRef<HTMLAnchorElement, Props>(function SiteLink({ href, rel, children, ...rest }, ref) {
  return (
    <a ref={ref} href={href} rel={rel ?? (href.startsWith('https:') ? 'noopener noreferrer' : undefined)} {...rest}>
      {children}
    </a>
  );
});
