/**
 * Turns off the deferred rendering of below-the-fold sections (content-visibility in
 * Layout.module.css): smooth scrolling to an anchor and scroll restoration need every
 * section's real height, not its placeholder.
 */
export function renderAllSections() {
  document.documentElement.dataset.renderAll = '';
}
