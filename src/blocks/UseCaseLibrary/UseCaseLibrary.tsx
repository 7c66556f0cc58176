import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { Island } from '../../hydration/Island';
import { formatCount } from '../../lib/count-label';
import { Section } from '../../ui/Section';
import type { FilterSpec } from '../../widgets/filters/filter-items';
import { entryAttributes } from '../../widgets/filters/library-entries';
import type { LibraryFiltersProps } from '../../widgets/filters/LibraryFilters';
import type { LibraryItem, UseCaseLibraryBlock, UseCaseLibraryData } from './schema';
import { UseCaseCard } from './UseCaseCard';
import lazy from '../../ui/lazy-card.module.css';
import classes from './UseCaseLibrary.module.css';

const FILTER_KEYS = ['solution', 'industry', 'lifecycle'] as const;

/** Spec section 4: the three filters match exactly; the search looks in the title and description (UseCaseCard marks them). */
const USE_CASE_FILTERS: FilterSpec<LibraryItem, (typeof FILTER_KEYS)[number]> = {
  fields: { solution: (item) => item.solution, industry: (item) => item.industry, lifecycle: (item) => item.lifecycle },
};

/**
 * The use-case library. Every card is plain prerendered HTML (crawlers and readers without JavaScript
 * see them all); the search and the filters (spec section 4: exact matches, search in title and
 * description, AND) are a small island that hides the cards that do not match.
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
  countLabel,
  valueNames,
  lifecyclePictures,
}: UseCaseLibraryBlock & UseCaseLibraryData) {
  const listId = `${id ?? 'library'}-${useId().replace(/\W/g, '')}`;
  const namesOf = (values: string[]) =>
    Object.fromEntries(values.filter((value) => valueNames[value]).map((value) => [value, valueNames[value]]));
  const filterProps: LibraryFiltersProps = {
    listId,
    total: items.length,
    filters: FILTER_KEYS.map((key) => ({ key, label: labels[key], choices: choices[key], choiceNames: namesOf(choices[key]) })),
    search: { key: 'q', label: labels.search, placeholder: labels.searchPlaceholder },
    labels: { all: labels.all, clear: labels.clear, count: countLabel, emptyTitle: labels.emptyTitle, emptyText: labels.emptyText },
  };

  return (
    <Section id={id} eyebrow={eyebrow} heading={heading} intro={intro} tinted={tinted}>
      <Stack gap="lg">
        {filters ? (
          <Island name="LibraryFilters" hydrate="load" props={filterProps} />
        ) : (
          <Text fw={600} c="gray.8">
            {formatCount(countLabel, { shown: items.length, total: items.length })}
          </Text>
        )}
        <SimpleGrid component="ul" id={listId} cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" className={classes.grid}>
          {items.map((item) => (
            <li key={item.id} className={`${classes.item} ${lazy.lazyCard}`} {...entryAttributes(item.id, item, USE_CASE_FILTERS.fields)}>
              <UseCaseCard item={item} labels={labels} valueNames={valueNames} picture={lifecyclePictures[item.lifecycle]} />
            </li>
          ))}
        </SimpleGrid>
      </Stack>
    </Section>
  );
}
