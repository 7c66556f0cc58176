/**
 * A list: its items in order, each removable and movable (pointer and keyboard), and a button to add one, within the
 * schema's (and the template's) limits. An item that holds fields opens and closes under its title; a single value
 * is edited in its row.
 */
import { ActionIcon, Badge, Box, Button, Fieldset, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { isUnder, pathOf, pointerOf } from '../../../shared/json-path';
import { problemsAt, problemsUnder } from '../context';
import { problemText } from '../field-problems';
import { itemLabel, itemNoun } from '../labels';
import { emptyValue, fieldKind, itemSchemaFor, type FieldKind } from '../schema';
import { itemTitle } from '../../../shared/item-title';
import { SortableList } from '../SortableList';
import type { NestedProps } from './nested';

/** Kinds whose item opens under its title, rather than being edited in its row. */
const OPENED: FieldKind[] = ['object', 'array', 'json', 'variant', 'record', 'money'];

export function ListField({ name, label, node, value, path, required, context, nested }: NestedProps & { name: string }) {
  const items = Array.isArray(value) ? value : [];
  const itemName = itemNoun(name, node);
  // Open at the item holding the field to show, if any; else the first of a short list.
  const [open, setOpen] = useState<number | undefined>(() => {
    const focused = context.focus && isUnder(context.focus, pointerOf(path)) ? pathOf(context.focus)[path.length] : undefined;
    return typeof focused === 'number' ? focused : items.length <= 2 ? 0 : undefined;
  });
  const atMax = node.maxItems !== undefined && items.length >= node.maxItems;
  const atMin = node.minItems !== undefined && items.length <= node.minItems;
  const words = context.countWords?.(path);
  const limits = words
    ? `The template asks for ${words}`
    : // An optional list left empty is right as it is: its least count holds only once it has items.
      [
        node.minItems ? (!required && items.length === 0 ? 'optional' : `at least ${node.minItems}`) : '',
        node.maxItems !== undefined ? `at most ${node.maxItems}` : '',
      ]
        .filter(Boolean)
        .join(', ');
  const problems = problemText(problemsAt(context, path));
  const setItems = (next: unknown[]) => context.onChange(path, next.length === 0 && !required ? undefined : next);
  const add = () => {
    setItems([...items, emptyValue(itemSchemaFor(node, undefined, context.root), context.root, name)]);
    setOpen(items.length);
  };
  const remove = (index: number) => {
    setItems(items.filter((_, i) => i !== index));
    setOpen(undefined);
  };
  return (
    <Fieldset legend={`${label} (${items.length})`} variant="unstyled" data-list={pointerOf(path)}>
      <Stack gap={6}>
        {(node.description || limits) && (
          <Text size="sm" c="gray.8">
            {node.description}
            {node.description && limits ? ' · ' : ''}
            {limits}
          </Text>
        )}
        <SortableList
          count={items.length}
          disabled={context.readOnly}
          handleLabel={(index) => `Move ${itemName} ${index + 1}: ${itemTitle(items[index]) ?? `${itemName} ${index + 1}`}`}
          onMove={(from, to) => context.onMove(path, from, to)}
        >
          {(index, handle) => {
            const item = items[index];
            const itemPath = [...path, index];
            const itemNode = itemSchemaFor(node, item, context.root);
            const itemKind = fieldKind(index, itemNode, context.root);
            const title = itemTitle(item) ?? `${itemName} ${index + 1}`;
            const inner = problemsUnder(context, itemPath).filter((problem) => problem.severity === 'error').length;
            const expandable = OPENED.includes(itemKind);
            const field = nested.field({
              name: index,
              node: itemNode,
              value: item,
              path: itemPath,
              required: true,
              label: itemLabel(name, node, index),
            });
            return (
              <Box
                p={6}
                mb={4}
                style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)', background: 'white' }}
                data-item={pointerOf(itemPath)}
              >
                <Group gap={4} wrap="nowrap" align={expandable ? 'center' : 'end'}>
                  {handle}
                  {expandable ? (
                    <UnstyledButton
                      style={{ flex: 1, minWidth: 0 }}
                      onClick={() => setOpen(open === index ? undefined : index)}
                      aria-expanded={open === index}
                    >
                      <Group gap={4} wrap="nowrap">
                        {open === index ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
                        <Text size="sm" truncate>
                          {title}
                        </Text>
                        {inner > 0 && (
                          <Badge size="xs" color="red.9">
                            {inner === 1 ? '1 error' : `${inner} errors`}
                          </Badge>
                        )}
                      </Group>
                    </UnstyledButton>
                  ) : (
                    <Box style={{ flex: 1, minWidth: 0 }}>{field}</Box>
                  )}
                  {!context.readOnly && (
                    <Tooltip
                      label={atMin ? (words ? `The template asks for ${words}` : `At least ${node.minItems}`) : `Remove this ${itemName}`}
                      openDelay={300}
                    >
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        aria-label={`Remove ${itemName} ${index + 1}: ${title}`}
                        disabled={atMin}
                        onClick={() => remove(index)}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
                {expandable && open === index && (
                  <Box pt="xs" pl="md">
                    {itemKind === 'object' ? nested.object({ node: itemNode, value: item, path: itemPath }) : field}
                  </Box>
                )}
              </Box>
            );
          }}
        </SortableList>
        {!context.readOnly && (
          <Group gap="xs">
            <Button variant="light" size="xs" onClick={add} disabled={atMax}>
              Add {itemName}
            </Button>
            {atMax && (
              <Text size="xs" c="gray.8">
                {words ? `The template asks for ${words}` : `At most ${node.maxItems}`}
              </Text>
            )}
          </Group>
        )}
        {problems && (
          <Text size="sm" c="red.9" data-problem="error">
            {problems}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
