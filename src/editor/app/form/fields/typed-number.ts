/**
 * A number input's text as typed: "89." or "89.90" on the way to 89.95 reads as a number already, and showing the
 * number instead (89) would drop the point before the next key. So the input shows what was typed while it means the
 * value the document holds (or is no number yet, like "-"), and the value itself when it changed from elsewhere (undo).
 */
import { useState } from 'react';

const numberOf = (typed: string | number) => (typeof typed === 'number' ? typed : typed.trim() === '' ? undefined : Number(typed));

export function useTypedNumber(value: unknown, onChange: (value: number | undefined) => void) {
  const held = typeof value === 'number' ? value : undefined;
  const [typed, setTyped] = useState<string | number>(held ?? '');
  const meant = numberOf(typed);
  const shown = meant === held || (meant !== undefined && Number.isNaN(meant)) ? typed : (held ?? '');
  const change = (next: string | number) => {
    setTyped(next);
    const number = numberOf(next);
    if (number === undefined || !Number.isNaN(number)) onChange(number);
  };
  return [shown, change] as const;
}
