/** Spec: after navigating to another page, scroll to the anchor about 100 ms later. */
export const SCROLL_AFTER_NAVIGATE_MS = 100;

/**
 * Sections below the first render lazily (content-visibility, see PageLayout.module.css), as do
 * library cards (lazy-card.module.css), so their heights are estimates until seen. Programmatic
 * scrolling needs true positions: this switches the lazy rendering off for the rest of the visit.
 */
function renderAllSections() {
  document.documentElement.dataset.renderAll = '';
}

export function scrollToAnchor(id: string, behavior: 'smooth' | 'instant' = 'smooth') {
  const target = document.getElementById(id);
  if (!target) return;
  renderAllSections();
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduceMotion ? 'instant' : behavior, block: 'start' });
}
