/** A number, within the schema's bounds; whole numbers where the schema asks for an integer. */
import { NumberInput } from '@mantine/core';
import type { LeafFieldProps } from './leaf-props';
import { useTypedNumber } from './typed-number';

export function NumberField({ label, description, required, error, disabled, node, value, onChange }: LeafFieldProps) {
  const [shown, change] = useTypedNumber(value, onChange);
  const whole = [node.type].flat().includes('integer');
  return (
    <NumberInput
      label={label}
      description={description}
      required={required}
      error={error}
      disabled={disabled}
      value={shown}
      min={node.minimum}
      max={node.maximum}
      allowDecimal={!whole}
      allowNegative={node.minimum === undefined || node.minimum < 0}
      clampBehavior="none"
      onChange={change}
    />
  );
}
