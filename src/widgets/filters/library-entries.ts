/**
 * How a library's prerendered list tells its filters what each entry is, without repeating the
 * entries in the filters' props: an entry is an element with `data-entry` (its id) and one
 * `data-entry-<key>` attribute per filter; the texts the search looks in are the entry's
 * elements marked `data-search-text` (a title, a description). LibraryFilters reads them in the
 * browser and hides the entries that do not match.
 */
const ENTRY_ATTR = 'data-entry';
const SEARCH_TEXT_ATTR = 'data-search-text';

/** Attributes of an entry's element: its id and its value for each filter (`fields` of the library's FilterSpec). */
export function entryAttributes<T>(id: string, item: T, fields: Record<string, (item: T) => string>): Record<string, string> {
  const values = Object.entries(fields).map(([key, field]) => [`${ENTRY_ATTR}-${key}`, field(item)]);
  return { [ENTRY_ATTR]: id, ...Object.fromEntries(values) };
}

/** Marks an element whose text the search looks in. */
export const searchText = { [SEARCH_TEXT_ATTR]: '' } as const;

export interface LibraryEntry {
  element: HTMLElement;
  values: Record<string, string>;
  text: string[];
}

/** The entries inside `list`, with their filter values and search texts (browser only). */
export function readEntries(list: Element, keys: string[]): LibraryEntry[] {
  return [...list.querySelectorAll<HTMLElement>(`[${ENTRY_ATTR}]`)].map((element) => ({
    element,
    values: Object.fromEntries(keys.map((key) => [key, element.getAttribute(`${ENTRY_ATTR}-${key}`) ?? ''])),
    text: [...element.querySelectorAll(`[${SEARCH_TEXT_ATTR}]`)].map((node) => node.textContent ?? ''),
  }));
}

/** Hides the entries not in `shown` (all of them shown when it is undefined). */
export function showOnly(entries: LibraryEntry[] | null, shown: Set<LibraryEntry> | undefined) {
  for (const entry of entries ?? []) {
    const hide = shown ? !shown.has(entry) : false;
    if (entry.element.hidden !== hide) entry.element.hidden = hide;
  }
}
