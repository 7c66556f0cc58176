import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { IconChevronDown, IconSearch } from '@tabler/icons-react';
import { memo, useEffect, useRef } from 'react';
import classes from './FilterControls.module.css';

interface FilterControl {
  key: string;
  label: string;
  choices: string[];
  /** How a choice is named to visitors, where that differs from the value itself (a translated name). */
  choiceNames?: Record<string, string>;
}

interface FilterControlsProps {
  filters: FilterControl[];
  /** Label of the empty choice, 'All'. */
  allLabel: string;
  values: Record<string, string>;
  search?: { key: string; label: string; placeholder: string };
  clearLabel: string;
  onChange: (changes: Record<string, string>, mode: 'push' | 'replace') => void;
}

/**
 * A search field and native selects (light, keyboard- and phone-friendly), 'All' first, and a button
 * that clears everything. Typing amends the current history entry after its first keystroke, so Back
 * undoes a whole search rather than one letter; each filter change is its own entry.
 */
export function FilterControls({ filters, allLabel, values, search, clearLabel, onChange }: FilterControlsProps) {
  const typing = useRef(false);
  const root = useRef<HTMLDivElement>(null);

  // What the visitor typed or chose in the prerendered controls before this code arrived is kept.
  useEffect(() => {
    const changes: Record<string, string> = {};
    for (const field of root.current?.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-filter-key]') ?? []) {
      const key = field.dataset.filterKey!;
      if (field.value !== (values[key] ?? '')) changes[key] = field.value;
    }
    if (Object.keys(changes).length) onChange(changes, 'replace');
    // Once, on hydration: later the controls are React's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div ref={root} className={classes.controls}>
      {search && (
        <TextInput
          className={classes.search}
          label={search.label}
          placeholder={search.placeholder}
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={values[search.key] ?? ''}
          data-filter-key={search.key}
          onChange={(event) => {
            onChange({ [search.key]: event.currentTarget.value }, typing.current ? 'replace' : 'push');
            typing.current = true;
          }}
          onBlur={() => {
            typing.current = false;
          }}
        />
      )}
      {filters.map((filter) => (
        <FilterSelect
          key={filter.key}
          filterKey={filter.key}
          label={filter.label}
          choices={filter.choices}
          choiceNames={filter.choiceNames}
          allLabel={allLabel}
          value={values[filter.key] ?? ''}
          onChange={onChange}
        />
      ))}
      <Group className={classes.clear}>
        <Button
          variant="subtle"
          onClick={() =>
            onChange(Object.fromEntries([...filters.map((f) => f.key), ...(search ? [search.key] : [])].map((key) => [key, ''])), 'push')
          }
        >
          {clearLabel}
        </Button>
      </Group>
    </div>
  );
}

interface FilterSelectProps {
  filterKey: string;
  label: string;
  choices: string[];
  choiceNames?: Record<string, string>;
  allLabel: string;
  value: string;
  onChange: FilterControlsProps['onChange'];
}

/** One filter. Memoised: a keystroke in the search field does not re-render the selects and their options. */
const FilterSelect = memo(function FilterSelect({ filterKey, label, choices, choiceNames, allLabel, value, onChange }: FilterSelectProps) {
  return (
    <NativeSelect
      className={classes.select}
      label={label}
      value={value}
      data-filter-key={filterKey}
      rightSection={<IconChevronDown size={16} aria-hidden />}
      rightSectionPointerEvents="none"
      data={[{ value: '', label: allLabel }, ...choices.map((choice) => ({ value: choice, label: choiceNames?.[choice] ?? choice }))]}
      onChange={(event) => onChange({ [filterKey]: event.currentTarget.value }, 'push')}
    />
  );
});
