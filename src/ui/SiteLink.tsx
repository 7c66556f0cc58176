import { forwardRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { scrollToAnchor, SCROLL_AFTER_NAVIGATE_MS } from './scroll';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/**
 * Every link in the site goes through here, so scheme handling lives in one place:
 * - site paths use client routing;
 * - `/#id` on the page you are on smooth-scrolls; from another page it navigates
 *   and scrolls once the new page has rendered;
 * - external links get rel="noopener noreferrer".
 * `site:` links and `{tokens}` were already resolved when the page was loaded.
 */
export const SiteLink = forwardRef<HTMLAnchorElement, Props>(function SiteLink({ href, onClick, ...rest }, ref) {
  const location = useLocation();
  const navigate = useNavigate();

  if (/^(https:|mailto:|tel:|sms:)/.test(href)) {
    const rel = href.startsWith('https:') ? 'noopener noreferrer' : undefined;
    return <a ref={ref} href={href} rel={rel} onClick={onClick} {...rest} />;
  }

  const [path, hash] = href.split('#');
  const targetPath = path === '' ? location.pathname : path;

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || !hash || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    if (targetPath === location.pathname) {
      scrollToAnchor(hash);
      window.history.replaceState(window.history.state, '', `#${hash}`);
    } else {
      navigate(`${targetPath}#${hash}`);
      window.setTimeout(() => scrollToAnchor(hash), SCROLL_AFTER_NAVIGATE_MS);
    }
  }

  return <Link ref={ref} to={href} onClick={handleClick} {...rest} />;
});
