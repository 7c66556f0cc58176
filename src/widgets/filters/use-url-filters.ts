import { useCallback, useSyncExternalStore } from 'react';

/** Fired when the page changes its own query string (history.pushState does not fire popstate). */
const QUERY_CHANGE_EVENT = 'site:querychange';

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener(QUERY_CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(QUERY_CHANGE_EVENT, onChange);
  };
}

/**
 * Filter state kept in the URL query, so a filtered view can be shared and bookmarked and Back and
 * Forward step through changes. On the server and while hydrating it reads as no filters (the
 * prerendered, unfiltered list); right after, React re-renders with the URL's.
 */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const query = useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => '',
  );
  const params = new URLSearchParams(query);
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as { [key in K]: string };

  /**
   * Sets some keys ('' removes one): `push` makes a new history entry, `replace` amends the current one.
   * The same function on every render (it reads only the URL), so memoised controls can take it.
   */
  const update = useCallback((changes: Partial<Record<K, string>>, mode: 'push' | 'replace' = 'push') => {
    const url = new URL(window.location.href);
    for (const [key, value] of Object.entries(changes) as [K, string][]) {
      if (value) url.searchParams.set(key, value);
      else url.searchParams.delete(key);
    }
    if (url.search === window.location.search) return;
    if (mode === 'push') window.history.pushState(window.history.state, '', url);
    else window.history.replaceState(window.history.state, '', url);
    window.dispatchEvent(new Event(QUERY_CHANGE_EVENT));
  }, []);

  return { values, update };
}
