import { useSyncExternalStore } from 'react';
import { readEntries, type LibraryEntry } from './library-entries';

const read = new WeakMap<Element, LibraryEntry[]>();
const noSubscription = () => () => {};

/**
 * The entries of the list `listId`, read from the page once per list element. `null` on the server
 * and while hydrating (so the first render matches the HTML, every entry shown), then the entries.
 */
export function useLibraryEntries(listId: string, keys: string[]): LibraryEntry[] | null {
  return useSyncExternalStore(
    noSubscription,
    () => {
      const list = document.getElementById(listId);
      if (!list) return null;
      if (!read.has(list)) read.set(list, readEntries(list, keys));
      return read.get(list)!;
    },
    () => null,
  );
}
