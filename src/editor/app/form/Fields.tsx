/**
 * A form generated from a JSON Schema node: every field from the schema (its key as the label, its
 * description as the help text), never written per block. Texts, links (with a picker of the site's
 * routes, anchors, site: keys and panels), icons (with a picker), choices, numbers, switches, nested
 * objects, lists (add, remove, reorder by pointer and keyboard) and, for any shape the form cannot
 * represent, the value's JSON, checked as the rest is. Values change through `onChange(path, value)`
 * only, so what the form does not show is never lost.
 */
import {
  ActionIcon,
  Alert,
  Autocomplete,
  Badge,
  Box,
  Button,
  Fieldset,
  Group,
  Menu,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconBraces, IconChevronDown, IconChevronRight, IconTrash } from '@tabler/icons-react';
import { memo, useRef, useState, type ReactNode } from 'react';
import type { JsonSchema, SiteVocabulary } from '../../protocol';
import { Icon } from '../../../ui/icons';
import { ICON_NAMES, type IconName } from '../../../vocabulary/icon-names';
import type { ShownProblem } from '../state/session';
import { isObject, isUnder, pathOf, pointerOf, type Path } from '../state/json-path';
import { SortableList } from './SortableList';
import {
  choicesOf,
  deref,
  emptyValue,
  fieldKind,
  itemSchemaFor,
  itemTitle,
  labelOf,
  lengthLimits,
  singular,
  type Resolved,
} from './schema';

export interface FormContext {
  /** The document's schema (for `$ref`s). */
  root: JsonSchema;
  vocabulary: SiteVocabulary;
  problems: ShownProblem[];
  /** Anchor ids of the page being edited (`#benefits`). */
  anchors: string[];
  onChange: (path: Path, value: unknown) => void;
  onMove: (path: Path, from: number, to: number) => void;
  /** On a template page: item limits the template sets, with its words ("exactly 4 cards"), by list pointer. */
  countWords?: (path: Path) => string | undefined;
  readOnly?: boolean;
  /** A field to show (a search hit's `?field=`): the lists on the way to it start open at its item. */
  focus?: string;
}

/** Marks a field's element with its pointer, so a view can find and focus it (`[data-field="/blocks/4/heading"]`). */
const fieldMark = (path: Path) => ({ 'data-field': pointerOf(path) });

const problemsAt = (context: FormContext, path: Path) => context.problems.filter((problem) => problem.pointer === pointerOf(path));
const problemsUnder = (context: FormContext, path: Path) => context.problems.filter((problem) => isUnder(problem.pointer, pointerOf(path)));

/** The error text of a field: every error at its pointer, each with its hint. */
function errorOf(problems: ShownProblem[]): ReactNode {
  const errors = problems.filter((problem) => problem.severity === 'error');
  const warnings = problems.filter((problem) => problem.severity === 'warning');
  if (!errors.length && !warnings.length) return undefined;
  return (
    <>
      {[...errors, ...warnings].map((problem) => (
        <span key={problem.message} data-problem={problem.severity} style={{ display: 'block' }}>
          {problem.severity === 'warning' ? `Warning: ${problem.message}` : problem.message}
          {problem.hint ? ` (${problem.hint})` : ''}
        </span>
      ))}
    </>
  );
}

/** Only errors mark a field invalid; a warning (TODO text) is shown under it but allowed. */
const fieldError = (problems: ShownProblem[]) => (problems.some((problem) => problem.severity === 'error') ? errorOf(problems) : undefined);
const fieldWarning = (problems: ShownProblem[]) =>
  problems.some((problem) => problem.severity === 'error')
    ? undefined
    : errorOf(problems.filter((problem) => problem.severity === 'warning'));

/** The fields of an object, in the schema's order. `skip`: keys the surrounding view shows itself (a block's `type`, a section's `slot`). */
export function ObjectFields({
  node,
  value,
  path,
  context,
  skip = [],
}: {
  node: Resolved;
  value: unknown;
  path: Path;
  context: FormContext;
  skip?: string[];
}) {
  const object = isObject(value) ? value : {};
  const required = new Set(node.required ?? []);
  const known = new Set(Object.keys(node.properties ?? {}));
  const unknownKeys = Object.keys(object).filter((key) => !known.has(key) && key !== '$schema');
  return (
    <Stack gap="sm">
      {Object.entries(node.properties ?? {})
        .filter(([key]) => key !== '$schema' && !skip.includes(key))
        .map(([key, child]) => (
          <Field
            key={key}
            name={key}
            node={deref(child, context.root)}
            value={object[key]}
            path={[...path, key]}
            required={required.has(key)}
            context={context}
          />
        ))}
      {unknownKeys.length > 0 && (
        <Alert color="red" title="Fields this form does not know">
          {unknownKeys.map((key) => `"${key}"`).join(', ')}: kept as they are; edit or remove them in the JSON view.
        </Alert>
      )}
    </Stack>
  );
}

/** A field renders again only when its value, its place or the form's context changes (not at a keystroke in another field). */
const Field = memo(
  FieldView,
  (before, after) =>
    before.value === after.value &&
    before.context === after.context &&
    before.required === after.required &&
    before.name === after.name &&
    pointerOf(before.path) === pointerOf(after.path),
);

function FieldView({
  name,
  node,
  value,
  path,
  required,
  context,
}: {
  name: string | number;
  node: Resolved;
  value: unknown;
  path: Path;
  required: boolean;
  context: FormContext;
}) {
  const kind = fieldKind(name, node, context.root);
  const label = typeof name === 'number' ? `${labelOf(String(path[path.length - 2] ?? 'item'))} ${name + 1}` : labelOf(name);
  const problems = problemsAt(context, path);
  const common = {
    label,
    description: node.description,
    required,
    error: fieldError(problems),
    disabled: context.readOnly,
    wrapperProps: fieldMark(path),
  };
  /** An optional field left empty is removed from the document, not written as "". */
  const set = (next: unknown) => context.onChange(path, !required && (next === '' || next === undefined) ? undefined : next);
  const warning = fieldWarning(problems);

  switch (kind) {
    case 'const':
      return null;
    case 'text':
      return <TextField {...common} node={node} value={value} onChange={set} warning={warning} vocabulary={context.vocabulary} />;
    case 'link':
      return <LinkField {...common} node={node} value={value} onChange={set} warning={warning} context={context} />;
    case 'icon':
      return (
        <Select
          {...common}
          searchable
          clearable={!required}
          data={[...ICON_NAMES]}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => set(next ?? undefined)}
          leftSection={
            typeof value === 'string' && (ICON_NAMES as readonly string[]).includes(value) ? (
              <Icon name={value as IconName} size={18} />
            ) : null
          }
          renderOption={({ option }) => (
            <Group gap="xs" wrap="nowrap">
              <Icon name={option.value as IconName} size={18} />
              <span>{option.value}</span>
            </Group>
          )}
        />
      );
    case 'enum': {
      const choices = choicesOf(node) ?? [];
      return (
        <Select
          {...common}
          clearable={!required}
          data={choices.map((choice) => ({ value: JSON.stringify(choice), label: String(choice) }))}
          value={value === undefined ? null : JSON.stringify(value)}
          onChange={(next) => set(next === null ? undefined : JSON.parse(next))}
        />
      );
    }
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          min={node.minimum}
          max={node.maximum}
          onChange={(next) => set(typeof next === 'number' ? next : next === '' ? undefined : Number(next))}
        />
      );
    case 'boolean':
      return (
        <Switch
          wrapperProps={common.wrapperProps}
          label={label}
          description={node.description}
          error={common.error}
          disabled={context.readOnly}
          checked={value === true}
          onChange={(event) => set(event.currentTarget.checked ? true : required ? false : undefined)}
        />
      );
    case 'object':
      return (
        <Fieldset legend={label} disabled={context.readOnly} variant="filled" p="sm" {...fieldMark(path)}>
          {node.description && (
            <Text size="sm" c="gray.8" mb="xs">
              {node.description}
            </Text>
          )}
          {value === undefined && !required ? (
            <Button variant="light" size="xs" onClick={() => context.onChange(path, emptyValue(node, context.root))}>
              Add {label.toLowerCase()}
            </Button>
          ) : (
            <ObjectFields node={node} value={value} path={path} context={context} />
          )}
          {errorOf(problems) && (
            <Text size="sm" c="red.9" mt="xs">
              {errorOf(problems)}
            </Text>
          )}
        </Fieldset>
      );
    case 'array':
      return <ListField name={String(name)} label={label} node={node} value={value} path={path} required={required} context={context} />;
    case 'json':
      return (
        <JsonField
          label={label}
          description={node.description}
          value={value}
          onChange={set}
          error={common.error}
          disabled={context.readOnly}
          wrapperProps={common.wrapperProps}
        />
      );
  }
}

interface TextProps {
  label: string;
  wrapperProps: ReturnType<typeof fieldMark>;
  description?: string;
  required: boolean;
  error: ReactNode;
  warning: ReactNode;
  disabled?: boolean;
  node: Resolved;
  value: unknown;
  onChange: (value: unknown) => void;
}

/** How many characters, against the schema's limit or the description's aim ("34 / 60"). */
function Counter({ node, length }: { node: JsonSchema; length: number }) {
  const limits = lengthLimits(node);
  if (!limits) return null;
  const over = (limits.max !== undefined && length > limits.max) || (limits.min !== undefined && length < limits.min);
  const range = limits.min !== undefined ? `${limits.min}-${limits.max}` : `${limits.max}`;
  return (
    <Text component="span" size="xs" c={over ? (limits.hard ? 'red.9' : 'orange.9') : 'gray.8'} data-counter>
      {length} / {range} characters
    </Text>
  );
}

function TextField({
  label,
  wrapperProps,
  description,
  required,
  error,
  warning,
  disabled,
  node,
  value,
  onChange,
  vocabulary,
}: TextProps & { vocabulary: SiteVocabulary }) {
  const text = typeof value === 'string' ? value : '';
  const input = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const long = text.length > 80 || /paragraph|sentences|body text|answer/i.test(description ?? '');
  const insert = (token: string) => {
    const element = input.current;
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    onChange(text.slice(0, start) + token + text.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };
  const props = {
    label,
    wrapperProps,
    required,
    disabled,
    error,
    value: text,
    description: (
      <>
        {description}
        {lengthLimits(node) && (
          <>
            {description ? ' · ' : ''}
            <Counter node={node} length={text.length} />
          </>
        )}
      </>
    ),
    // Free text may quote placeholders; a patterned value (an id, a slug) may not.
    rightSection: disabled || node.pattern ? undefined : <PlaceholderMenu label={label} vocabulary={vocabulary} onInsert={insert} />,
    rightSectionPointerEvents: 'all' as const,
  };
  return (
    <Box>
      {long ? (
        <Textarea {...props} ref={input} autosize minRows={2} maxRows={10} onChange={(event) => onChange(event.currentTarget.value)} />
      ) : (
        <TextInput {...props} ref={input} onChange={(event) => onChange(event.currentTarget.value)} />
      )}
      {warning && (
        <Text size="xs" c="orange.9" mt={4}>
          {warning}
        </Text>
      )}
    </Box>
  );
}

/** The placeholders a text may use ({product}, a plan's figure), inserted where the cursor is. */
function PlaceholderMenu({
  label,
  vocabulary,
  onInsert,
}: {
  label: string;
  vocabulary: SiteVocabulary;
  onInsert: (token: string) => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={340}>
      <Menu.Target>
        <Tooltip label="Insert a placeholder" openDelay={400}>
          <ActionIcon variant="subtle" color="gray.8" aria-label={`Insert a placeholder in ${label}`}>
            <IconBraces size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
        <PlaceholderItems vocabulary={vocabulary} onInsert={onInsert} />
      </Menu.Dropdown>
    </Menu>
  );
}

/** The menu's items: rendered only while the menu is open (a form has many text fields). */
function PlaceholderItems({ vocabulary, onInsert }: { vocabulary: SiteVocabulary; onInsert: (token: string) => void }) {
  const offered = vocabulary.placeholders.filter(({ token }) => !token.includes('.') || token.startsWith('plans.'));
  return (
    <>
      <Menu.Label>Replaced on the page by</Menu.Label>
      {offered.map(({ token, value }) => (
        <Menu.Item key={token} onClick={() => onInsert(`{${token}}`)}>
          <Text size="sm" ff="monospace">{`{${token}}`}</Text>
          <Text size="xs" c="gray.8" lineClamp={1}>
            {value}
          </Text>
        </Menu.Item>
      ))}
    </>
  );
}

/** A link field: any allowed link, with the site's routes, this page's anchors, site: keys and (on buttons) panels offered. */
function LinkField({
  label,
  wrapperProps,
  description,
  required,
  error,
  warning,
  disabled,
  node,
  value,
  onChange,
  context,
}: TextProps & { context: FormContext }) {
  const { vocabulary } = context;
  const panels = (node.pattern ?? '').includes('panel:');
  const data = [
    { group: 'Pages', items: vocabulary.routes.map(({ route }) => route) },
    { group: 'Sections of this page', items: context.anchors.map((id) => `#${id}`) },
    {
      group: 'Sections of other pages',
      items: Object.entries(vocabulary.anchors).flatMap(([route, ids]) => ids.map((id) => `${route === '/' ? '/' : route}#${id}`)),
    },
    { group: 'Site links (kept in the site configuration)', items: vocabulary.siteLinks.map(({ key }) => `site:${key}`) },
    ...(panels ? [{ group: 'Panels (buttons only)', items: vocabulary.panels.map((panel) => `panel:${panel}`) }] : []),
  ].filter((group) => group.items.length);
  const describe = new Map<string, string>([
    ...vocabulary.routes.map(({ route, title }) => [route, title] as [string, string]),
    ...vocabulary.siteLinks.map(({ key, url }) => [`site:${key}`, url] as [string, string]),
  ]);
  return (
    <Box>
      <Autocomplete
        label={label}
        wrapperProps={wrapperProps}
        description={description}
        required={required}
        disabled={disabled}
        error={error}
        value={typeof value === 'string' ? value : ''}
        onChange={onChange}
        data={data}
        limit={60}
        maxDropdownHeight={300}
        renderOption={({ option }) => (
          <Stack gap={0}>
            <Text size="sm">{option.value}</Text>
            {describe.get(option.value) && (
              <Text size="xs" c="gray.8">
                {describe.get(option.value)}
              </Text>
            )}
          </Stack>
        )}
      />
      {warning && (
        <Text size="xs" c="orange.9" mt={4}>
          {warning}
        </Text>
      )}
    </Box>
  );
}

/** Any value as its JSON, for shapes the form cannot represent; it changes the document only when the JSON reads. */
export function JsonField({
  label,
  description,
  value,
  onChange,
  error,
  disabled,
  minRows = 3,
  wrapperProps,
}: {
  label: string;
  description?: string;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: ReactNode;
  disabled?: boolean;
  minRows?: number;
  wrapperProps?: ReturnType<typeof fieldMark>;
}) {
  const written = value === undefined ? '' : JSON.stringify(value, null, 2);
  const [text, setText] = useState(written);
  const [shown, setShown] = useState(value);
  const [syntax, setSyntax] = useState<string>();
  // The value changed from elsewhere (undo, another field): show it, unless the text already says it.
  if (shown !== value) {
    setShown(value);
    let same = false;
    try {
      same = JSON.stringify(JSON.parse(text)) === JSON.stringify(value);
    } catch {
      same = false;
    }
    if (!same) {
      setText(written);
      setSyntax(undefined);
    }
  }
  return (
    <Textarea
      label={label}
      wrapperProps={wrapperProps}
      description={description ?? 'Written as JSON; checked like the rest of the form'}
      value={text}
      disabled={disabled}
      autosize
      minRows={minRows}
      maxRows={24}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
      error={syntax ?? error}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        if (!next.trim()) {
          setSyntax(undefined);
          onChange(undefined);
          return;
        }
        try {
          const parsed = JSON.parse(next) as unknown;
          setSyntax(undefined);
          setShown(parsed);
          onChange(parsed);
        } catch (problem) {
          setSyntax(
            `invalid JSON: ${problem instanceof Error ? problem.message : String(problem)} (the document keeps its last valid value)`,
          );
        }
      }}
    />
  );
}

/** A list: its items in order, each removable and movable, and a button to add one, within the schema's (and template's) limits. */
function ListField({
  name,
  label,
  node,
  value,
  path,
  required,
  context,
}: {
  name: string;
  label: string;
  node: Resolved;
  value: unknown;
  path: Path;
  required: boolean;
  context: FormContext;
}) {
  const items = Array.isArray(value) ? value : [];
  const itemName = singular(name);
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
    : [node.minItems ? `at least ${node.minItems}` : '', node.maxItems !== undefined ? `at most ${node.maxItems}` : '']
        .filter(Boolean)
        .join(', ');
  const problems = problemsAt(context, path);
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
            const expandable = itemKind === 'object' || itemKind === 'array' || itemKind === 'json';
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
                    <Box style={{ flex: 1, minWidth: 0 }}>
                      <Field name={index} node={itemNode} value={item} path={itemPath} required context={context} />
                    </Box>
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
                    {itemKind === 'object' ? (
                      <ObjectFields node={itemNode} value={item} path={itemPath} context={context} />
                    ) : (
                      <Field name={index} node={itemNode} value={item} path={itemPath} required context={context} />
                    )}
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
        {errorOf(problems) && (
          <Text size="sm" c="red.9" data-problem="error">
            {errorOf(problems)}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
