/**
 * A date (the schema's ISO date, YYYY-MM-DD) with the browser's own date input, styled as the other inputs: the
 * document keeps the ISO form whatever the browser's language shows.
 */
import { TextInput } from '@mantine/core';
import type { LeafFieldProps } from './leaf-props';

export function DateField({ label, description, required, error, disabled, value, onChange }: LeafFieldProps) {
  return (
    <TextInput
      type="date"
      label={label}
      description={description}
      required={required}
      error={error}
      disabled={disabled}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
