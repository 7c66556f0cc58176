/** A number, within the schema's bounds; whole numbers where the schema asks for an integer. */
import { NumberInput } from '@mantine/core';
import type { LeafFieldProps } from './leaf-props';
import { useRefusedKeys } from './refused-keys';
import { useTypedNumber } from './typed-number';

export function NumberField({ label, description, required, error, disabled, node, value, onChange }: LeafFieldProps) {
  const [shown, change] = useTypedNumber(value, onChange);
  const whole = [node.type].flat().includes('integer');
  const negative = node.minimum === undefined || node.minimum < 0;
  const refused = useRefusedKeys(whole ? (negative ? /[0-9-]/ : /[0-9]/) : negative ? /[0-9.-]/ : /[0-9.]/);
  const note = refused.note(shown, whole ? 'whole numbers' : 'digits');
  return (
    <NumberInput
      label={label}
      description={description}
      required={required}
      error={error ?? note}
      disabled={disabled}
      value={shown}
      {...refused.handlers}
      min={node.minimum}
      max={node.maximum}
      allowDecimal={!whole}
      allowNegative={negative}
      clampBehavior="none"
      onChange={change}
    />
  );
}
