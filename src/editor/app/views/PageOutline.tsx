/**
 * The outline of the page editor: the page's settings and record, then its sections (on a template page, the
 * template's, each locked in place or added, with the open areas' own sections to reorder), each selected,
 * removed or moved through the actions the page editor gives it.
 */
import { ActionIcon, Alert, Badge, Box, Button, Group, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { IconLock, IconTrash } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import type { TemplateInfo } from '../../protocol';
import { Icon } from '../../../ui/icons';
import type { IconName } from '../../../vocabulary/icon-names';
import { SortableList } from '../form/SortableList';
import { workspace } from '../workspace';
import type { Path } from '../../shared/json-path';
import { openAreaPlace, placeAfter, type Place } from '../state/page-model/actions';
import { rowName, type OutlineEntry, type SectionRow } from '../state/page-model/outline';
import { PAGE_SETTINGS, recordKey, type Selection } from '../state/page-model/selection';
import classes from './editor.module.css';

/** A translator's editor: the page's sections are shown, never added, removed or moved (the server refuses it anyway). */
const LOCKED = workspace.structureLocked;

/** Where the palette adds a block, and that place in words ("after FAQ", "in the open area …"). */
export type AddTarget = (Place & { where: string }) | undefined;

/** What the outline can do, the same functions from render to render (the outline renders again only when it changes). */
export interface OutlineActions {
  select: (key: Selection) => void;
  remove: (row: SectionRow) => void;
  /** Undoes the removal the outline just announced. */
  undoRemove: () => void;
  addSection: (slot: string) => void;
  openPalette: (target: NonNullable<AddTarget>) => void;
  move: (list: Path, from: number, to: number) => void;
}

export const OutlinePanel = memo(function OutlinePanel({
  outline,
  template,
  recordField,
  selected,
  errors,
  actions,
  removed,
}: {
  outline: OutlineEntry[];
  template: TemplateInfo | undefined;
  recordField: string | undefined;
  selected: Selection;
  errors: Record<string, number>;
  actions: OutlineActions;
  /** The section just removed, by name, while its removal can be undone from here. */
  removed: string | undefined;
}) {
  return (
    <nav className={classes.column} aria-label="Sections of the page">
      <Stack gap={6}>
        <Title order={2} size="h5">
          Sections
        </Title>
        <div className={classes.outlineItem} data-selected={selected === PAGE_SETTINGS || undefined}>
          <OutlineButton
            label="Page settings"
            detail="Title, description, menu"
            selected={selected === PAGE_SETTINGS}
            onSelect={() => actions.select(PAGE_SETTINGS)}
            problems={errors[PAGE_SETTINGS] ?? 0}
          />
        </div>
        {recordField && (
          <div className={classes.outlineItem} data-selected={selected === recordKey(recordField) || undefined}>
            <OutlineButton
              label={`${template?.record?.collection === 'use-cases' ? 'Use case' : 'Record'} in the library`}
              detail={`Its card in the ${template?.record?.collection} library`}
              selected={selected === recordKey(recordField)}
              onSelect={() => actions.select(recordKey(recordField))}
              problems={errors[recordKey(recordField)] ?? 0}
            />
          </div>
        )}
        {removed && (
          <Alert color="gray" role="status" p="xs" data-removed-notice>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm">Removed {removed}.</Text>
              <Button size="compact-sm" variant="filled" onClick={actions.undoRemove}>
                Undo
              </Button>
            </Group>
          </Alert>
        )}
        {template ? (
          outline.map((entry) =>
            entry.kind === 'area' ? (
              <AreaOutline key={entry.section.slot} entry={entry} selected={selected} errors={errors} actions={actions} />
            ) : (
              <Row
                key={entry.key}
                row={entry}
                errors={errors[entry.key] ?? 0}
                selected={selected === entry.key}
                onSelect={() => actions.select(entry.key)}
                onRemove={() => actions.remove(entry)}
                onAddSection={() => actions.addSection(entry.slot!)}
              />
            ),
          )
        ) : (
          <>
            <SortableList
              disabled={LOCKED}
              count={outline.length}
              handleLabel={(index) => `Move section ${rowName(outline[index] as SectionRow)}`}
              onMove={(from, to) => actions.move(['blocks'], from, to)}
            >
              {(index, handle) => {
                const row = outline[index] as SectionRow;
                return (
                  <Row
                    row={row}
                    handle={handle}
                    errors={errors[row.key] ?? 0}
                    selected={selected === row.key}
                    onSelect={() => actions.select(row.key)}
                    onRemove={() => actions.remove(row)}
                  />
                );
              }}
            </SortableList>
            {!LOCKED && (
              <Button
                variant="light"
                size="xs"
                onClick={() => {
                  const place = placeAfter(selected, outline.length);
                  const after = outline[place.index - 1];
                  actions.openPalette({ ...place, where: after && after.kind === 'row' ? `after ${after.label}` : 'at the start' });
                }}
              >
                Add a section
              </Button>
            )}
          </>
        )}
      </Stack>
    </nav>
  );
});

function OutlineButton({
  label,
  detail,
  selected,
  onSelect,
  problems,
  icon,
}: {
  label: string;
  detail?: string;
  selected: boolean;
  onSelect: () => void;
  problems: number;
  icon?: string;
}) {
  return (
    <UnstyledButton className={classes.outlineSelect} onClick={onSelect} aria-current={selected || undefined} data-outline-label={label}>
      <Group gap={6} wrap="nowrap">
        {icon && <Icon name={icon as IconName} size={18} />}
        <Box miw={0} style={{ flex: 1 }}>
          <Text size="sm" fw={600} truncate>
            {label}
          </Text>
          {detail && (
            <Text size="xs" c="gray.8" truncate>
              {detail}
            </Text>
          )}
        </Box>
        {problems > 0 && (
          <Badge size="xs" color="red.9">
            {problems}
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  );
}

function Row({
  row,
  handle,
  errors,
  selected,
  onSelect,
  onRemove,
  onAddSection,
}: {
  row: SectionRow;
  handle?: ReactNode;
  errors: number;
  selected: boolean;
  onSelect: () => void;
  onRemove: () => void;
  onAddSection?: () => void;
}) {
  const detail = [row.title, row.fromTemplate && !row.path ? 'from the template' : undefined, row.absent ? 'not on this page' : undefined]
    .filter(Boolean)
    .join(' · ');
  const name = rowName(row);
  return (
    <div className={classes.outlineItem} data-selected={selected || undefined} data-section={row.key} data-type={row.type}>
      {handle ?? (
        <Tooltip label={row.absent ? 'An optional section of the template' : 'The template fixes where this section is'}>
          <Box px={6} c="gray.8" aria-hidden>
            <IconLock size={14} />
          </Box>
        </Tooltip>
      )}
      <OutlineButton label={row.label} detail={detail} selected={selected} onSelect={onSelect} problems={errors} />
      {LOCKED ? null : row.absent && onAddSection ? (
        <Button size="compact-xs" variant="light" onClick={onAddSection} aria-label={`Add the ${row.label} section`}>
          Add
        </Button>
      ) : (
        row.removable && (
          <ActionIcon variant="subtle" color="red.9" aria-label={`Remove section ${name}`} onClick={onRemove}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        )
      )}
    </div>
  );
}

function AreaOutline({
  entry,
  selected,
  errors,
  actions,
}: {
  entry: Extract<OutlineEntry, { kind: 'area' }>;
  selected: Selection;
  errors: Record<string, number>;
  actions: OutlineActions;
}) {
  const areaPath = entry.path;
  return (
    <Box pl={8} py={4} style={{ borderLeft: '3px dashed var(--mantine-color-gray-4)' }} data-area={entry.section.slot}>
      <Text size="xs" fw={600} c="gray.8">
        Room for sections of this page’s own, of any kind
      </Text>
      {areaPath && (
        <SortableList
          disabled={LOCKED}
          count={entry.rows.length}
          handleLabel={(index) => `Move section ${rowName(entry.rows[index])}`}
          onMove={(from, to) => actions.move([...areaPath, 'blocks'], from, to)}
        >
          {(index, handle) => {
            const row = entry.rows[index];
            return (
              <Row
                row={row}
                handle={handle}
                errors={errors[row.key] ?? 0}
                selected={selected === row.key}
                onSelect={() => actions.select(row.key)}
                onRemove={() => actions.remove(row)}
              />
            );
          }}
        </SortableList>
      )}
      {!LOCKED && (
        <Button
          variant="subtle"
          size="compact-xs"
          onClick={() =>
            actions.openPalette({
              ...openAreaPlace(areaPath, entry.rows.length, entry.section.slot),
              where: 'of this page’s own, here',
            })
          }
        >
          Add a section here
        </Button>
      )}
    </Box>
  );
}
