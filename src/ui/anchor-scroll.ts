import { scrollToAnchor, SCROLL_AFTER_NAVIGATE_MS } from './scroll';

/**
 * Page-wide anchor behaviour, without React: a link to an anchor on the page you are on
 * (`#guardrails`, `/#guardrails` on the home page) scrolls there smoothly and records the hash in
 * history; a page opened with a hash (arriving from another page) scrolls to it about 100 ms later,
 * once its sections have their true heights.
 */
export function enableAnchorScrolling() {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.('a[href*="#"]');
    if (!(link instanceof HTMLAnchorElement) || link.target) return;
    const url = new URL(link.href);
    if (url.origin !== location.origin || url.pathname !== location.pathname || !url.hash) return;
    const id = decodeURIComponent(url.hash.slice(1));
    if (!document.getElementById(id)) return;
    event.preventDefault();
    if (url.hash !== location.hash) history.pushState(history.state, '', url.hash);
    scrollToAnchor(id);
  });
  const id = decodeURIComponent(location.hash.slice(1));
  if (id) setTimeout(() => scrollToAnchor(id), SCROLL_AFTER_NAVIGATE_MS);
}
