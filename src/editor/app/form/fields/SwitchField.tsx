/** A yes/no field as a switch; an optional one switched off is left out of the document. */
import { Switch } from '@mantine/core';
import type { LeafFieldProps } from './leaf-props';

export function SwitchField({ label, description, required, error, disabled, value, onChange }: LeafFieldProps) {
  return (
    <Switch
      label={label}
      description={description}
      error={error}
      disabled={disabled}
      checked={value === true}
      onChange={(event) => onChange(event.currentTarget.checked ? true : required ? false : undefined)}
    />
  );
}
