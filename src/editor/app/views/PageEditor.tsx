/**
 * The page editor: the outline of the page's sections (type, slot, label), the form of the selected
 * one, and the page itself rendered from the draft. On a template page the template decides: its fixed
 * sections cannot be moved or removed, its counts stop adding and removing, what it shares is shown
 * read-only with where to change it, and its open areas take any block.
 */
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconLock, IconTrash } from '@tabler/icons-react';
import { memo, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { SiteVocabulary, TemplateInfo, TemplateSectionInfo } from '../../protocol';
import { Icon } from '../../../ui/icons';
import type { IconName } from '../../../vocabulary/icon-names';
import type { FormContext } from '../form/context';
import { ObjectFields } from '../form/Field';
import { fieldError } from '../form/field-problems';
import { JsonField } from '../form/fields/JsonField';
import { deref, itemSchemaFor } from '../form/schema';
import { SortableList } from '../form/SortableList';
import { Preview } from '../preview/Preview';
import { getAt, isObject, isUnder, moveItem, pathOf, pointerOf, setAt, updateList, type Path } from '../state/json-path';
import type { EditorSession } from '../state/session';
import { useStable } from '../state/stable';
import classes from './editor.module.css';
import { useFieldFocus } from './field-param';
import { Palette } from './Palette';
import { ProblemList } from './ProblemList';
import {
  addSection,
  insertIndexFor,
  labelOfType,
  newBlock,
  outlineOf,
  removeSection,
  selectionOf,
  type OutlineEntry,
  type SectionRow,
  type Selection,
} from './page-model';

/** Where the palette adds a block: after a block of the page, or at the end of an open area. */
type AddTarget = { list: Path; index: number; where: string; area?: TemplateSectionInfo } | undefined;

/** What the outline can do, the same functions from render to render (the outline renders again only when it changes). */
interface OutlineActions {
  select: (key: Selection) => void;
  remove: (row: SectionRow) => void;
  /** Undoes the removal the outline just announced. */
  undoRemove: () => void;
  addSection: (slot: string) => void;
  openPalette: (target: NonNullable<AddTarget>) => void;
  move: (list: Path, from: number, to: number) => void;
}

export function PageEditor({ session, vocabulary }: { session: EditorSession; vocabulary: SiteVocabulary }) {
  const { payload, doc, update, change, undo } = session;
  /** The section just removed, and the document the removal made (a later change retires the offer to undo it). */
  const [removed, setRemoved] = useState<{ name: string; doc: unknown }>();
  if (removed && removed.doc === undefined) setRemoved({ ...removed, doc });
  const removedName = removed && (removed.doc === undefined || removed.doc === doc) ? removed.name : undefined;
  const template = payload.template;
  const recordField = template?.record?.field;
  const outline = useStable(outlineOf(doc, template, vocabulary));
  const firstRow = outline.flatMap((entry) => (entry.kind === 'row' ? [entry] : entry.rows))[0];
  // Going to a field (opened from a search hit, a problem clicked): its section selected, the field focused.
  const { field, show } = useFieldFocus();
  const [selected, setSelected] = useState<Selection>(() => (field && selectionOf(field, recordField)) || (firstRow?.key ?? '/meta'));
  const [shownField, setShownField] = useState(field);
  if (field !== shownField) {
    setShownField(field);
    if (field) setSelected(selectionOf(field, recordField) ?? selected);
  }
  const [adding, setAdding] = useState<AddTarget>();
  /** The form's column, scrolled to its top when another section is selected. */
  const formColumn = useRef<HTMLElement>(null);
  useEffect(() => {
    formColumn.current?.scrollTo({ top: 0 });
  }, [selected]);
  const latestDoc = useRef(doc);
  useEffect(() => {
    latestDoc.current = doc;
  }, [doc]);

  const anchors = useStable(
    template
      ? [
          ...template.sections.flatMap((section) => (section.id ? [section.id] : [])),
          ...outline
            .flatMap((entry) => (entry.kind === 'area' ? entry.rows : []))
            .flatMap((row) => {
              const id = row.path && getAt(doc, [...row.path, 'id']);
              return typeof id === 'string' ? [id] : [];
            }),
        ]
      : ((getAt(doc, ['blocks']) as unknown[] | undefined) ?? []).flatMap((block) =>
          isObject(block) && typeof block.id === 'string' ? [block.id] : [],
        ),
  );
  /** On a template page: the lists whose count the template sets, by pointer, with its words ("exactly 4 cards"). */
  const counts = useStable(
    Object.fromEntries(
      outline.flatMap((entry) =>
        entry.kind === 'row' && entry.path && entry.section
          ? Object.entries(entry.section.counts).map(([field, count]) => [pointerOf([...entry.path!, field]), count.words])
          : [],
      ),
    ) as Record<string, string>,
  );
  const errors = useStable(
    Object.fromEntries(
      [
        '/meta',
        ...(recordField ? [`/${recordField}`] : []),
        ...outline.flatMap((entry) => (entry.kind === 'row' ? [entry.key] : entry.rows.map((row) => row.key))),
      ].map((key) => [key, session.problems.filter((problem) => problem.severity === 'error' && isUnder(problem.pointer, key)).length]),
    ) as Record<string, number>,
  );

  /** What the outline calls each section (on a template page, the template's name for it), by pointer: how problems name them. */
  const sectionNames = Object.fromEntries(
    outline.flatMap((entry) => [
      ...(entry.path ? [[pointerOf(entry.path), entry.kind === 'area' ? entry.section.label : entry.label]] : []),
      ...(entry.kind === 'area' ? entry.rows.map((row) => [row.key, row.label]) : []),
    ]),
  ) as Record<string, string>;

  const context = useMemo<FormContext>(
    () => ({
      root: payload.schema,
      vocabulary,
      problems: session.problems,
      anchors,
      onChange: change,
      onMove: (path, from, to) => update((current) => moveItem(current, path, from, to)),
      unparsed: session.unparsed,
      onInvalidInput: session.onInvalidInput,
      countWords: (path) => counts[pointerOf(path)],
      focus: field,
    }),
    [payload.schema, vocabulary, session.problems, session.unparsed, session.onInvalidInput, anchors, change, update, counts, field],
  );

  const actions = useMemo<OutlineActions>(
    () => ({
      select: setSelected,
      remove: (row) => {
        if (!row.path) return;
        const inArea = row.path.length === 4;
        update((current) => {
          if (!inArea) return removeSection(current, template, row.path!);
          const areaPath = row.path!.slice(0, 2);
          const inner = getAt(current, [...areaPath, 'blocks']);
          // The last block of an open area takes the area with it (an area holds at least one block).
          if (Array.isArray(inner) && inner.length <= 1) return removeSection(current, template, areaPath);
          return updateList(current, [...areaPath, 'blocks'], (items) => items.splice(row.path![3] as number, 1));
        });
        setSelected('/meta');
        setRemoved({ name: rowName(row), doc: undefined });
      },
      undoRemove: () => {
        undo();
        setRemoved(undefined);
      },
      addSection: (slot) => {
        if (!template) return;
        setSelected(pointerOf(['blocks', insertIndexFor(latestDoc.current, template, slot)]));
        update((current) => addSection(current, template, slot, payload.schema, vocabulary));
      },
      openPalette: setAdding,
      move: (list, from, to) => {
        update((current) => moveItem(current, list, from, to));
        setSelected(pointerOf([...list, to]));
      },
    }),
    [update, undo, template, payload.schema, vocabulary],
  );

  const addBlock = (type: string) => {
    if (!adding) return;
    const block = newBlock(type, vocabulary);
    const { list, index, area } = adding;
    let path: Path;
    if (area && !getAt(doc, list)) {
      // The page has nothing in this open area yet: the area itself is added, in the template's order.
      const at = insertIndexFor(doc, template!, area.slot);
      update((current) => updateList(current, ['blocks'], (blocks) => blocks.splice(at, 0, { slot: area.slot, blocks: [block] })));
      path = ['blocks', at, 'blocks', 0];
    } else {
      update((current) => updateList(current, list, (items) => items.splice(index, 0, block)));
      path = [...list, index];
    }
    setSelected(pointerOf(path));
    setAdding(undefined);
  };

  return (
    <div className={classes.columns}>
      <OutlinePanel
        outline={outline}
        template={template}
        recordField={recordField}
        selected={selected}
        errors={errors}
        actions={actions}
        removed={removedName}
      />
      <section className={classes.column} aria-label="Selected section" ref={formColumn}>
        <SectionForm session={session} vocabulary={vocabulary} selected={selected} context={context} />
        <ProblemList session={session} onShow={show} nameOf={(pointer) => sectionNames[pointer]} />
      </section>
      <section className={classes.previewColumn} aria-label="Preview">
        <Preview
          file={payload.file}
          title={String((doc as { meta?: { title?: unknown } })?.meta?.title ?? payload.file)}
          previews={session.previews}
          selected={selected}
          onSelect={setSelected}
        />
      </section>
      <Palette
        opened={Boolean(adding)}
        blocks={vocabulary.blocks}
        where={adding?.where ?? ''}
        onClose={() => setAdding(undefined)}
        onAdd={addBlock}
      />
    </div>
  );
}

const OutlinePanel = memo(function OutlinePanel({
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
        <div className={classes.outlineItem} data-selected={selected === '/meta' || undefined}>
          <OutlineButton
            label="Page settings"
            detail="Title, description, menu"
            selected={selected === '/meta'}
            onSelect={() => actions.select('/meta')}
            problems={errors['/meta'] ?? 0}
          />
        </div>
        {recordField && (
          <div className={classes.outlineItem} data-selected={selected === `/${recordField}` || undefined}>
            <OutlineButton
              label={`${template?.record?.collection === 'use-cases' ? 'Use case' : 'Record'} in the library`}
              detail={`Its card in the ${template?.record?.collection} library`}
              selected={selected === `/${recordField}`}
              onSelect={() => actions.select(`/${recordField}`)}
              problems={errors[`/${recordField}`] ?? 0}
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
            <Button
              variant="light"
              size="xs"
              onClick={() => {
                const path = pathOf(selected);
                const index = path[0] === 'blocks' && typeof path[1] === 'number' ? path[1] + 1 : outline.length;
                const after = outline[index - 1];
                actions.openPalette({
                  list: ['blocks'],
                  index,
                  where: after && after.kind === 'row' ? `after ${after.label}` : 'at the start',
                });
              }}
            >
              Add a section
            </Button>
          </>
        )}
      </Stack>
    </nav>
  );
});

const rowName = (row: SectionRow) => `${row.label}${row.title ? `: ${row.title}` : ''}`;

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
  const detail = [
    row.slot && `slot: ${row.slot}`,
    row.title,
    row.fromTemplate && !row.path ? 'from the template' : undefined,
    row.absent ? 'not on this page' : undefined,
  ]
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
      {row.absent && onAddSection ? (
        <Button size="compact-xs" variant="light" onClick={onAddSection} aria-label={`Add the ${row.label} section (${row.slot})`}>
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
        Open area “{entry.section.slot}”: sections of this page’s own
      </Text>
      {areaPath && (
        <SortableList
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
      <Button
        variant="subtle"
        size="compact-xs"
        onClick={() =>
          actions.openPalette({
            list: [...(areaPath ?? ['blocks', -1]), 'blocks'],
            index: entry.rows.length,
            where: `in the open area "${entry.section.slot}"`,
            area: entry.section,
          })
        }
      >
        Add a section here
      </Button>
    </Box>
  );
}

/** What the template shares in a section: read-only here, with where to change it and how many pages that changes. */
function SharedFields({ section, session }: { section: TemplateSectionInfo; session: EditorSession }) {
  const template = session.payload.template!;
  const entries = Object.entries(section.shared);
  if (!entries.length && !section.id) return null;
  const pages = template.pages.length;
  return (
    <Alert
      color="gray"
      title={`Shared by the ${template.name} template`}
      icon={<IconLock size={16} aria-hidden />}
      data-shared={section.slot}
    >
      <Stack gap={4}>
        {section.id && <Text size="sm">Anchor id: #{section.id}</Text>}
        {entries.map(([key, value]) => (
          <Text size="sm" key={key}>
            <Text span fw={600}>
              {key}
            </Text>
            :{' '}
            {typeof value === 'string'
              ? value
              : Array.isArray(value)
                ? value.map((item) => (isObject(item) ? (item.label ?? item.title ?? JSON.stringify(item)) : String(item))).join(', ')
                : JSON.stringify(value)}
            {section.pagesMayAdd[key]
              ? ` (this page may add its own ${section.pagesMayAdd[key] === 'first' ? 'before' : 'after'} these)`
              : ''}
          </Text>
        ))}
        <Text size="sm">
          Change it in{' '}
          <Anchor component={Link} to={`/template/${template.name}`} underline="always">
            {template.display}
          </Anchor>
          : that changes {pages === 1 ? 'the 1 page' : `all ${pages} pages`} on the {template.name} template.
        </Text>
      </Stack>
    </Alert>
  );
}

function SectionForm({
  session,
  vocabulary,
  selected,
  context,
}: {
  session: EditorSession;
  vocabulary: SiteVocabulary;
  selected: Selection;
  context: FormContext;
}) {
  const [view, setView] = useState<'form' | 'json'>('form');
  const { payload, doc } = session;
  const root = payload.schema;
  const template = payload.template;
  const properties = deref(root, root).properties ?? {};

  let title: string;
  let description: string | undefined;
  let path: Path | undefined;
  let node = deref(undefined, root);
  let skip: string[] = [];
  let section: TemplateSectionInfo | undefined;

  if (selected.startsWith('slot:')) {
    section = template?.sections.find((candidate) => candidate.slot === selected.slice(5));
    title = section ? `${section.label} (${section.slot})` : selected;
    description = vocabulary.blocks.find((block) => block.type === section?.block)?.description;
  } else {
    path = pathOf(selected);
    const value = getAt(doc, path);
    if (path[0] === 'blocks') {
      const inArea = path.length === 4;
      const list = inArea
        ? deref(itemSchemaFor(deref(properties.blocks, root), getAt(doc, path.slice(0, 2)), root).properties?.blocks, root)
        : deref(properties.blocks, root);
      node = itemSchemaFor(list, value, root);
      const block = isObject(value) ? value : {};
      section = !inArea && template ? template.sections.find((candidate) => candidate.slot === block.slot) : undefined;
      const type = section?.block ?? block.type;
      title = section ? `${section.label} (${section.slot})` : labelOfType(vocabulary, type);
      description = vocabulary.blocks.find((candidate) => candidate.type === type)?.description;
      skip = ['type', 'slot'];
    } else {
      node = deref(properties[String(path[0])], root);
      title = path[0] === 'meta' ? 'Page settings' : 'Record in the library';
      description = node.description;
    }
  }

  /** A section the template gives, which the page may still add list items to: editing it writes the page's own section. */
  const virtual = !path && section && Object.keys(section.pagesMayAdd).length > 0;
  const virtualNode = virtual ? itemSchemaFor(deref(properties.blocks, root), { slot: section!.slot }, root) : undefined;
  const virtualContext: FormContext | undefined = virtual
    ? {
        ...context,
        onChange: (fieldPath, value) =>
          session.update((current) => {
            const at = insertIndexFor(current, template!, section!.slot);
            const withBlock = updateList(current, ['blocks'], (blocks) => blocks.splice(at, 0, { slot: section!.slot }));
            return setAt(withBlock, ['blocks', at, ...fieldPath.slice(2)], value);
          }),
      }
    : undefined;

  return (
    <Stack gap="sm" pb="md">
      <Group justify="space-between" align="start" wrap="nowrap">
        <div style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} size="h4" data-form-title>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="gray.8">
              {description}
            </Text>
          )}
        </div>
        {path && (
          <SegmentedControl
            size="xs"
            value={view}
            onChange={(next) => setView(next as 'form' | 'json')}
            data={[
              { value: 'form', label: 'Form' },
              { value: 'json', label: 'JSON' },
            ]}
            aria-label="Edit as"
            // Its own width, whatever the title beside it: never cut to "JSO".
            style={{ flexShrink: 0 }}
          />
        )}
      </Group>
      {section && <SharedFields section={section} session={session} />}
      {/* Keyed by the section: another section's form starts afresh (which list items are open), not with this one's state. */}
      {path && view === 'form' && (
        <ObjectFields key={selected} node={node} value={getAt(doc, path)} path={path} context={context} skip={skip} />
      )}
      {path && view === 'json' && (
        <JsonField
          key={selected}
          label={`${title} as JSON`}
          description="Everything this section holds, including what the form does not show; checked as the form is"
          value={getAt(doc, path)}
          onChange={(value) => session.change(path, value)}
          unparsed={session.unparsed[selected]}
          onInvalidInput={(input) => session.onInvalidInput(path, input)}
          error={fieldError(session.problems.filter((problem) => problem.pointer === selected))}
          minRows={12}
        />
      )}
      {virtual && virtualNode && virtualContext && (
        <>
          <Text size="sm">This page adds nothing of its own here yet; what it adds goes with what the template shares.</Text>
          <ObjectFields
            key={selected}
            node={virtualNode}
            value={{ slot: section!.slot }}
            path={['blocks', -1]}
            context={virtualContext}
            skip={['slot']}
          />
        </>
      )}
      {!path && section && !virtual && section.filledByTemplate && (
        <Text size="sm">This section is the same on every page of the template.</Text>
      )}
    </Stack>
  );
}
