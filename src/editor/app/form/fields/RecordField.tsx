/**
 * An object whose keys are the content's own (how each fixed value is named to visitors): one row per entry, its key
 * and its value, each entry added, renamed or removed. The entries keep their order.
 */
import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { isObject } from '../../../shared/json-path';
import { problemsAt } from '../context';
import { problemText } from '../field-problems';
import { deref, emptyValue, recordValueSchema } from '../schema';
import type { NestedProps } from './nested';

/** A key being typed: applied when it names no other entry, its own text meanwhile. */
function KeyInput({
  label,
  keyName,
  taken,
  onRename,
}: {
  label: string;
  keyName: string;
  taken: string[];
  onRename: (key: string) => void;
}) {
  const [typed, setTyped] = useState(keyName);
  const clash = typed !== keyName && taken.includes(typed);
  return (
    <TextInput
      label={label}
      required
      value={typed === keyName || clash || typed === '' ? typed : keyName}
      error={clash ? 'another entry has this key' : typed === '' ? 'must not be empty' : undefined}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setTyped(next);
        if (next !== '' && !taken.includes(next)) onRename(next);
      }}
      style={{ flex: '1 1 10rem' }}
    />
  );
}

export function RecordField({ label, node, value, path, required, context, nested }: NestedProps) {
  const object = isObject(value) ? value : {};
  const entries = Object.entries(object);
  // Each value is named by its label beside its key; the record's description says what both are.
  const valueNode = { ...deref(recordValueSchema(node), context.root), description: undefined };
  const keyLabel = node.propertyNames?.label ?? 'Key';
  const problems = problemText(problemsAt(context, path));
  const set = (next: [string, unknown][]) => context.onChange(path, next.length === 0 && !required ? undefined : Object.fromEntries(next));
  const rename = (from: string, to: string) => set(entries.map(([key, item]) => [key === from ? to : key, item]));
  return (
    <Fieldset legend={`${label} (${entries.length})`} variant="unstyled" disabled={context.readOnly} data-record={path.join('/')}>
      <Stack gap={6}>
        {node.description && (
          <Text size="sm" c="gray.8">
            {node.description}
          </Text>
        )}
        {entries.map(([key, item], index) => (
          <Group key={index} gap="xs" align="start" wrap="wrap">
            <KeyInput
              label={`${keyLabel} ${index + 1}`}
              keyName={key}
              taken={entries.map(([other]) => other).filter((other) => other !== key)}
              onRename={(next) => rename(key, next)}
            />
            <div style={{ flex: '2 1 14rem', minWidth: 0 }}>
              {nested.field({ name: key, node: valueNode, value: item, path: [...path, key], required: true })}
            </div>
            {!context.readOnly && (
              <ActionIcon
                variant="subtle"
                color="red.9"
                mt={26}
                aria-label={`Remove ${key || `entry ${index + 1}`}`}
                onClick={() => set(entries.filter(([other]) => other !== key))}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        ))}
        {!context.readOnly && (
          <Button
            variant="light"
            size="xs"
            style={{ alignSelf: 'start' }}
            disabled={'' in object}
            onClick={() => set([...entries, ['', emptyValue(valueNode, context.root)]])}
          >
            Add an entry
          </Button>
        )}
        {problems && (
          <Text size="sm" c="red.9">
            {problems}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
