import { renderAllSections } from './render-all';

/** Spec: after navigating to another page, scroll to the anchor about 100 ms later. */
export const SCROLL_AFTER_NAVIGATE_MS = 100;

export function scrollToAnchor(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  renderAllSections();
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
}
