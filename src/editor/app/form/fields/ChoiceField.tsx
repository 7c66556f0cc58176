/** One of the values the schema allows (an enum, or constants such as 2 | 3 | 4), picked from a list. */
import { Select } from '@mantine/core';
import { choicesOf } from '../schema';
import type { LeafFieldProps } from './leaf-props';

export function ChoiceField({ label, description, required, error, disabled, node, value, onChange }: LeafFieldProps) {
  const choices = choicesOf(node) ?? [];
  return (
    <Select
      label={label}
      description={description}
      required={required}
      error={error}
      disabled={disabled}
      clearable={!required}
      allowDeselect={!required}
      data={choices.map((choice) => ({ value: JSON.stringify(choice), label: String(choice) }))}
      value={value === undefined ? null : JSON.stringify(value)}
      onChange={(next) => onChange(next === null ? undefined : (JSON.parse(next) as unknown))}
    />
  );
}
