/**
 * Spec: Alt+T focuses the toast region. Page-wide and without React, so it works before the
 * region's island has hydrated (it hydrates with the first toast).
 */
export const TOAST_REGION_ATTR = 'data-toast-region';

export function focusToastRegionOnHotkey() {
  window.addEventListener('keydown', (event) => {
    // `code`, not `key`: Alt+T types a different character on some layouts (macOS gives '†').
    if (!event.altKey || event.ctrlKey || event.metaKey || event.code !== 'KeyT') return;
    const region = document.querySelector<HTMLElement>(`[${TOAST_REGION_ATTR}]`);
    if (!region) return;
    event.preventDefault();
    region.focus();
  });
}
