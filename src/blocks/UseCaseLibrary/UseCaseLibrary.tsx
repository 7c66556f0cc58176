import { Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDeferredValue, useMemo } from 'react';
import { Section } from '../../ui/Section';
import { FilterControls } from '../../widgets/filters/FilterControls';
import { matches, type FilterSpec } from '../../widgets/filters/filter-items';
import { useUrlFilters } from '../../widgets/filters/use-url-filters';
import type { LibraryItem, UseCaseLibraryBlock, UseCaseLibraryData } from './schema';
import { UseCaseCard } from './UseCaseCard';
import classes from './UseCaseLibrary.module.css';

const FILTER_KEYS = ['solution', 'industry', 'lifecycle'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
const SEARCH_KEY = 'q';
const URL_KEYS = [...FILTER_KEYS, SEARCH_KEY] as const;

/** Spec section 4: the three filters match exactly, the search looks in title and description. */
const USE_CASE_FILTERS: FilterSpec<LibraryItem, FilterKey> = {
  fields: { solution: (item) => item.solution, industry: (item) => item.industry, lifecycle: (item) => item.lifecycle },
  searchIn: (item) => [item.title, item.description],
};

/**
 * The use-case library. Every card is in the prerendered page; filtering hides the others, so the
 * DOM stays put while the visitor types. The filter state lives in the URL (share, bookmark, Back).
 */
export function UseCaseLibrary({
  id,
  eyebrow,
  heading,
  intro,
  tinted,
  filters,
  labels,
  items,
  choices,
}: UseCaseLibraryBlock & UseCaseLibraryData) {
  const url = useUrlFilters(URL_KEYS);
  // A value that is not one of the choices (an old or hand-made link) means 'All'.
  const active = Object.fromEntries(
    FILTER_KEYS.map((key) => [key, filters && choices[key].includes(url.values[key]) ? url.values[key] : '']),
  ) as Record<FilterKey, string>;
  const { solution, industry, lifecycle } = active;
  const search = useDeferredValue(filters ? url.values[SEARCH_KEY] : '');
  const shown = useMemo(
    () =>
      new Set(items.filter((item) => matches(item, USE_CASE_FILTERS, { solution, industry, lifecycle }, search)).map((item) => item.id)),
    [items, solution, industry, lifecycle, search],
  );
  // Rebuilt only when the result changes: a keystroke's urgent render (the field) leaves the cards alone.
  const grid = useMemo(
    () => (
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" className={classes.grid}>
        {items.map((item) => (
          // Filtered out: kept in the page (its HTML stays for crawlers and readers without JavaScript), not shown.
          <li key={item.id} className={classes.item} hidden={!shown.has(item.id)}>
            <UseCaseCard item={item} labels={labels} />
          </li>
        ))}
      </SimpleGrid>
    ),
    [items, labels, shown],
  );
  const clearAll = () => url.update(Object.fromEntries(URL_KEYS.map((key) => [key, ''])));

  return (
    <Section id={id} eyebrow={eyebrow} heading={heading} intro={intro} tinted={tinted}>
      <Stack gap="lg">
        {filters && (
          <FilterControls
            filters={FILTER_KEYS.map((key) => ({ key, label: labels[key], choices: choices[key] }))}
            allLabel={labels.all}
            values={{ ...active, [SEARCH_KEY]: url.values[SEARCH_KEY] }}
            search={{ key: SEARCH_KEY, label: labels.search, placeholder: labels.searchPlaceholder }}
            clearLabel={labels.clear}
            onChange={url.update}
          />
        )}
        <Text role="status" fw={600} c="gray.8">
          {labels.count.replace('{shown}', String(shown.size)).replace('{total}', String(items.length))}
        </Text>
        {grid}
        {shown.size === 0 && (
          <Stack align="center" gap="xs" py="xl" className={classes.empty}>
            <Title order={3} size="h4">
              {labels.emptyTitle}
            </Title>
            <Text c="gray.7">{labels.emptyText}</Text>
            {filters && (
              <Button variant="light" mt="sm" onClick={clearAll}>
                {labels.clear}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </Section>
  );
}
