/**
 * A collection (use cases, plans, jobs, banner ads): its records in order, each added, removed or
 * moved (pointer and keyboard), the selected record's form, and a page that shows the collection (each
 * one that does, to choose from), rendered from the draft.
 */
import { ActionIcon, Alert, Badge, Button, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { SiteVocabulary } from '../../protocol';
import { ObjectFields } from '../form/Field';
import { deref, emptyValue, itemSchemaFor } from '../form/schema';
import { itemTitle } from '../../shared/item-title';
import { SortableList } from '../form/SortableList';
import { workspace } from '../workspace';
import { useFormContext } from '../form/use-form-context';
import { Preview } from '../preview/Preview';
import { getAt, isUnder, moveItem, pathOf, pointerOf, updateList } from '../../shared/json-path';
import type { EditorSession } from '../state/session';
import classes from './editor.module.css';
import { EditorColumns, usePane } from './EditorColumns';
import { useFieldFocus } from './field-param';
import { PreviewPicker, previewRouteOf } from './PreviewPicker';
import { ProblemList } from './ProblemList';

export function CollectionEditor({ session, vocabulary }: { session: EditorSession; vocabulary: SiteVocabulary }) {
  const { payload, doc } = session;
  const root = payload.schema;
  const list = deref(deref(root, root).properties?.items, root);
  const items = (getAt(doc, ['items']) as unknown[] | undefined) ?? [];
  // Going to a field (opened from a search hit, a problem clicked): its record selected, the field focused.
  const { field, show } = useFieldFocus();
  const recordOf = (pointer: string | undefined) => {
    const [key, at] = pointer ? pathOf(pointer) : [];
    return key === 'items' && typeof at === 'number' ? at : undefined;
  };
  const [selected, setSelected] = useState(() => recordOf(field) ?? 0);
  const [shownField, setShownField] = useState(field);
  if (field !== shownField) {
    setShownField(field);
    setSelected(recordOf(field) ?? selected);
  }
  const index = Math.min(selected, items.length - 1);
  const name = payload.file.replace(/^.*\//, '').replace(/\.json$/, '');
  const { undo } = session;
  const [pane, setPane] = usePane();
  /** The record just removed, while its removal can be undone (until the next change). */
  const [removed, setRemoved] = useState<{ title: string; doc?: unknown }>();
  if (removed && removed.doc === undefined) setRemoved({ ...removed, doc });
  const removedTitle = removed && (removed.doc === undefined || removed.doc === doc) ? removed.title : undefined;
  const context = useFormContext(session, vocabulary, { focus: field });
  const add = () => {
    session.update((current) =>
      updateList(current, ['items'], (records) => records.push(emptyValue(itemSchemaFor(list, undefined, root), root))),
    );
    setSelected(items.length);
  };
  const errorsIn = (at: number) =>
    session.problems.filter((problem) => problem.severity === 'error' && isUnder(problem.pointer, pointerOf(['items', at]))).length;
  return (
    <EditorColumns pane={pane} onPane={setPane} withOutline>
      <nav className={classes.column} aria-label={`Records of the ${name} collection`}>
        <Stack gap={6}>
          <Title order={2} size="h5">
            Records ({items.length})
          </Title>
          <SortableList
            disabled={workspace.structureLocked}
            count={items.length}
            handleLabel={(at) => `Move record ${itemTitle(items[at]) ?? `Record ${at + 1}`}`}
            onMove={(from, to) => {
              session.update((current) => moveItem(current, ['items'], from, to));
              setSelected(to);
            }}
          >
            {(at, handle) => {
              const title = itemTitle(items[at]) ?? `Record ${at + 1}`;
              return (
                <div className={classes.outlineItem} data-selected={at === index || undefined} data-record={at}>
                  {handle}
                  <UnstyledButton
                    className={classes.outlineSelect}
                    onClick={() => setSelected(at)}
                    aria-current={at === index || undefined}
                  >
                    <Group gap={4} wrap="nowrap">
                      <Text size="sm" truncate style={{ flex: 1 }}>
                        {title}
                      </Text>
                      {errorsIn(at) > 0 && (
                        <Badge size="xs" color="red.9">
                          {errorsIn(at)}
                        </Badge>
                      )}
                    </Group>
                  </UnstyledButton>
                  {!workspace.structureLocked && (
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      aria-label={`Remove record ${title}`}
                      disabled={list.minItems !== undefined && items.length <= list.minItems}
                      onClick={() => {
                        session.update((current) => updateList(current, ['items'], (records) => records.splice(at, 1)));
                        setRemoved({ title });
                      }}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  )}
                </div>
              );
            }}
          </SortableList>
          {!workspace.structureLocked && (
            <Button variant="light" size="xs" onClick={add} disabled={list.maxItems !== undefined && items.length >= list.maxItems}>
              Add a record
            </Button>
          )}
          {removedTitle && (
            <Alert color="gray" role="status" p="xs" data-removed-notice>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm">Removed {removedTitle}.</Text>
                <Button
                  size="compact-sm"
                  onClick={() => {
                    undo();
                    setRemoved(undefined);
                  }}
                >
                  Undo
                </Button>
              </Group>
            </Alert>
          )}
        </Stack>
      </nav>
      <section className={classes.column} aria-label="Selected record">
        {index >= 0 ? (
          <Stack gap="sm">
            <Title order={2} size="h4">
              {itemTitle(items[index]) ?? `Record ${index + 1}`}
            </Title>
            <ObjectFields
              key={index}
              node={itemSchemaFor(list, items[index], root)}
              value={items[index]}
              path={['items', index]}
              context={context}
            />
          </Stack>
        ) : (
          <Text size="sm">No records yet.</Text>
        )}
        <ProblemList session={session} onShow={show} />
      </section>
      <section className={classes.previewColumn} aria-label="Preview">
        <PreviewPicker session={session} />
        <Preview
          file={payload.file}
          route={previewRouteOf(session)}
          title={`the ${name} collection on ${previewRouteOf(session) ?? 'the home page'}`}
          previews={session.previews}
          selected={undefined}
          onSelect={() => undefined}
        />
      </section>
    </EditorColumns>
  );
}
