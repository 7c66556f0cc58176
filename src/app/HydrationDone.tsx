import { useEffect } from 'react';

/**
 * Sets `<html data-hydrated>` once the page is interactive. It sits in the last Suspense
 * boundary of the layout: React hydrates boundaries in document order, so when this one
 * commits every part of the page before it has too. Tests (and monitoring) wait on it.
 */
export function HydrationDone() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}
