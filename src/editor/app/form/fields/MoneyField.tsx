/**
 * Money as the engine states it (`{ "amount": 149, "currency": "USD" }`, the schemas' `Money`): an amount and its
 * currency, picked from the currencies the schema allows. Where the schema also takes words instead of a figure (a
 * plan priced "Custom"), a switch chooses between them, and each keeps what it held while the other is chosen. The
 * field's description is not shown: it spells the JSON for those who write it by hand.
 */
import { Fieldset, Group, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useRef } from 'react';
import { problemsAt, type FormContext } from '../context';
import { fieldError } from '../field-problems';
import { choicesOf, deref, moneyParts } from '../schema';
import { isObject, type Path } from '../../../shared/json-path';
import type { LeafFieldProps } from './leaf-props';
import { useRefusedKeys } from './refused-keys';
import { useTypedNumber } from './typed-number';

type Kind = 'amount' | 'words';

export function MoneyField({
  label,
  required,
  error,
  disabled,
  node,
  value,
  onChange,
  context,
  path,
}: LeafFieldProps & { context: FormContext; path: Path }) {
  const parts = moneyParts(node, context.root)!;
  const currencies = (choicesOf(deref(parts.money.properties?.currency, context.root)) ?? []).map(String);
  const kind: Kind = typeof value === 'string' && parts.words ? 'words' : 'amount';
  const money = isObject(value) ? value : {};
  /** What each kind held, so switching back and forth loses nothing. */
  const held = useRef<Record<Kind, unknown>>({ amount: undefined, words: undefined });
  const [amount, changeAmount] = useTypedNumber(money.amount, (next) => onChange({ ...money, amount: next }));
  const refused = useRefusedKeys(/[0-9.]/);
  const switchTo = (next: Kind) => {
    if (next === kind) return;
    held.current[kind] = value;
    onChange(held.current[next] ?? (next === 'words' ? '' : { amount: 0, currency: currencies[0] }));
  };
  const errorAt = (key: string) => fieldError(problemsAt(context, [...path, key]));
  return (
    <Fieldset
      legend={label}
      variant="unstyled"
      disabled={disabled}
      data-money
      // Named as a single field is (it is one value), not as a group of fields.
      styles={{ legend: { fontWeight: 700, fontSize: 'var(--mantine-font-size-sm)' } }}
    >
      <Stack gap={6}>
        {parts.words && (
          <SegmentedControl
            size="xs"
            value={kind}
            onChange={(next) => switchTo(next as Kind)}
            data={[
              { value: 'amount', label: 'An amount' },
              { value: 'words', label: 'Words instead' },
            ]}
            aria-label={`${label}: an amount or words`}
            style={{ alignSelf: 'start' }}
          />
        )}
        {kind === 'amount' ? (
          <Group gap="sm" align="start" wrap="wrap">
            <NumberInput
              label="Amount"
              required
              value={amount}
              min={0}
              allowNegative={false}
              decimalScale={2}
              clampBehavior="none"
              error={errorAt('amount') ?? refused.note(amount, 'digits')}
              onChange={changeAmount}
              {...refused.handlers}
              style={{ flex: '1 1 10rem' }}
            />
            <Select
              label="Currency"
              required
              allowDeselect={false}
              data={currencies}
              value={typeof money.currency === 'string' ? money.currency : null}
              error={errorAt('currency')}
              onChange={(next) => onChange({ ...money, currency: next ?? undefined })}
              style={{ flex: '0 1 8rem' }}
            />
          </Group>
        ) : (
          <TextInput
            label="Words"
            description={parts.words?.description}
            required={required}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => onChange(event.currentTarget.value)}
          />
        )}
        {error && (
          <Text size="sm" c="red.9">
            {error}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
