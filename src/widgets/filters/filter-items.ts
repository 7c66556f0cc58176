/**
 * The filter rules every library on the site shares (use cases, banner ads): each active filter
 * must match its field exactly, the search must occur in one of the searched fields (ignoring case),
 * and everything combines with AND. An empty value means 'All'.
 */
export type FilterValues<K extends string> = { [key in K]?: string };

export interface FilterSpec<T, K extends string> {
  /** Field each filter key compares (exact match). */
  fields: { [key in K]: (item: T) => string };
  /** The text the search looks in. */
  searchIn?: (item: T) => string[];
}

export function matches<T, K extends string>(item: T, spec: FilterSpec<T, K>, values: FilterValues<K>, search = ''): boolean {
  for (const key of Object.keys(spec.fields) as K[]) {
    const wanted = values[key];
    if (wanted && spec.fields[key](item) !== wanted) return false;
  }
  const query = search.trim().toLowerCase();
  if (!query || !spec.searchIn) return true;
  return spec.searchIn(item).some((text) => text.toLowerCase().includes(query));
}

/**
 * The choices of a filter: the values the items have, in `order` first (values it names that no item
 * has are left out), then the others alphabetically; `exclude` lists values that are never choices.
 */
export function choicesOf<T>(
  items: T[],
  field: (item: T) => string,
  order: readonly string[] = [],
  exclude: readonly string[] = [],
): string[] {
  const present = new Set(items.map(field));
  const ordered = order.filter((value) => present.has(value) && !exclude.includes(value));
  const rest = [...present].filter((value) => !order.includes(value) && !exclude.includes(value)).sort((a, b) => a.localeCompare(b));
  return [...ordered, ...rest];
}
