import { Stack, Text, Title } from '@mantine/core';
import { useDeferredValue, useEffect } from 'react';
import { formatCount, type CountLabel } from '../../lib/count-label';
import { FilterControls } from './FilterControls';
import { matches, type FilterSpec } from './filter-items';
import { showOnly, type LibraryEntry } from './library-entries';
import { useLibraryEntries } from './use-library-entries';
import { useUrlFilters } from './use-url-filters';
import classes from './FilterControls.module.css';

export interface LibraryFiltersProps {
  /** The id of the prerendered list whose entries (library-entries.ts) the filters show and hide. */
  listId: string;
  /** How many entries the list has (the count before the page is interactive). */
  total: number;
  filters: { key: string; label: string; choices: string[]; choiceNames?: Record<string, string> }[];
  search?: { key: string; label: string; placeholder: string };
  labels: {
    all: string;
    clear: string;
    /** '{shown}' and '{total}' are replaced; in plural forms where the language has them. */
    count: CountLabel;
    emptyTitle: string;
    emptyText: string;
  };
}

const entryFilters = (keys: string[]): FilterSpec<LibraryEntry, string> => ({
  fields: Object.fromEntries(keys.map((key) => [key, (entry: LibraryEntry) => entry.values[key]])),
  searchIn: (entry) => entry.text,
});

/**
 * The controls (with the one 'Clear All Filters' button), result line and empty state of a library
 * (use cases, banner ads), as a small island above the list. The list itself is prerendered HTML that
 * never hydrates: filtering sets `hidden` on its entries, so a library of any size costs the browser
 * no rendering. Filter state is in the URL.
 */
export function LibraryFilters({ listId, total, filters, search, labels }: LibraryFiltersProps) {
  const keys = [...filters.map((f) => f.key), ...(search ? [search.key] : [])];
  const url = useUrlFilters(keys);
  // null on the server and while hydrating: the HTML shows every entry.
  const entries = useLibraryEntries(listId, keys);
  // A value that is not one of the choices (an old or hand-made link) means 'All'.
  const active = Object.fromEntries(filters.map((f) => [f.key, f.choices.includes(url.values[f.key]) ? url.values[f.key] : '']));
  const query = useDeferredValue(search ? url.values[search.key] : '');
  // Cheap enough to redo on every render: 1,000 entries take well under a millisecond (npm run bench:library).
  const spec = entryFilters(filters.map((f) => f.key));
  const shown = entries ? new Set(entries.filter((entry) => matches(entry, spec, active, query))) : undefined;
  const shownCount = shown ? shown.size : total;

  useEffect(() => showOnly(entries, shown));

  return (
    <Stack gap="lg">
      <FilterControls
        filters={filters}
        allLabel={labels.all}
        values={{ ...active, ...(search ? { [search.key]: url.values[search.key] } : {}) }}
        search={search}
        clearLabel={labels.clear}
        onChange={url.update}
      />
      <Text role="status" fw={600} c="gray.8">
        {formatCount(labels.count, { shown: shownCount, total })}
      </Text>
      {shownCount === 0 && (
        <Stack align="center" gap="xs" py="xl" className={classes.empty}>
          <Title order={3} size="h4">
            {labels.emptyTitle}
          </Title>
          <Text c="gray.7">{labels.emptyText}</Text>
        </Stack>
      )}
    </Stack>
  );
}
