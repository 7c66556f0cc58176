import { forwardRef, use, type AnchorHTMLAttributes } from 'react';
import { LinkLanguageContext, routeOfHref } from '../lib/link-language';
import { localizedHref } from '../lib/localized-href';
import classes from './SiteLink.module.css';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/**
 * Every link of the site is a plain anchor: one navigation model everywhere, a full page load of
 * a prerendered page (the browser prefetches it on hover, see src/render/document.ts). Same-page
 * anchors scroll smoothly (src/ui/anchor-scroll.ts). External https links get rel="noopener noreferrer".
 * `site:` links and `{tokens}` were resolved at build time.
 */
export const SiteLink = forwardRef<HTMLAnchorElement, Props>(function SiteLink({ href, rel, children, ...rest }, ref) {
  // A site path leads to the same page in the page's language (/terms is /es/terms on a Spanish page), or, where the
  // language has no such page yet, to the default language's, marked as such (hreflang, and a visible tag).
  const { prefix, missing, defaultLanguage, tag } = use(LinkLanguageContext);
  const route = routeOfHref(href);
  const inDefault = prefix !== '' && route !== undefined && missing.has(route);
  return (
    <a
      ref={ref}
      href={inDefault ? href : localizedHref(href, prefix)}
      hrefLang={inDefault ? defaultLanguage : undefined}
      rel={rel ?? (href.startsWith('https:') ? 'noopener noreferrer' : undefined)}
      {...rest}
    >
      {children}
      {inDefault && tag ? <span className={classes.languageTag}>{tag}</span> : null}
    </a>
  );
});
