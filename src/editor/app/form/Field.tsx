/**
 * A form generated from a JSON Schema node, never written per block: `ObjectFields` lists an object's fields in the
 * schema's order, and `Field` picks each one's kind (fields/, one file per kind) from its schema, names it by the
 * schema's label (or its key in words) and gives it its problems. Values change through `onChange(path, value)` only,
 * so what the form does not show is never lost.
 */
import { Alert, Stack } from '@mantine/core';
import { memo } from 'react';
import { isObject, pointerOf, type Path } from '../../shared/json-path';
import { problemsAt, type FormContext } from './context';
import { fieldError, fieldWarning } from './field-problems';
import { ChoiceField } from './fields/ChoiceField';
import { DateField } from './fields/DateField';
import { IconField } from './fields/IconField';
import { ImageField } from './fields/ImageField';
import { JsonField } from './fields/JsonField';
import { LinkField } from './fields/LinkField';
import { ListField } from './fields/ListField';
import { MoneyField } from './fields/MoneyField';
import type { NestedFields } from './fields/nested';
import { NumberField } from './fields/NumberField';
import { ObjectField } from './fields/ObjectField';
import { RecordField } from './fields/RecordField';
import { SwitchField } from './fields/SwitchField';
import { TextField } from './fields/TextField';
import { VariantField } from './fields/VariantField';
import { fieldLabel } from './labels';
import { deref, fieldKind, type Resolved } from './schema';

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

interface FieldProps {
  name: string | number;
  node: Resolved;
  value: unknown;
  path: Path;
  required: boolean;
  context: FormContext;
  /** Its name when not its key's (a list item: "Question 3"). */
  label?: string;
}

/** A field renders again only when its value, its place or the form's context changes (not at a keystroke in another field). */
const Field = memo(
  FieldView,
  (before, after) =>
    before.value === after.value &&
    before.context === after.context &&
    before.required === after.required &&
    before.name === after.name &&
    before.label === after.label &&
    pointerOf(before.path) === pointerOf(after.path),
);

/** What the structural kinds render inside them, with the same context. */
const nestedIn = (context: FormContext): NestedFields => ({
  field: (props) => <Field {...props} context={context} />,
  object: (props) => <ObjectFields {...props} context={context} />,
});

/**
 * A field, marked with its pointer so a view can find and focus it (a problem's field, a search hit's
 * `?field=`: `[data-field="/blocks/4/heading"]`).
 */
function FieldView(props: FieldProps) {
  const element = FieldOfKind(props);
  return element && <div data-field={pointerOf(props.path)}>{element}</div>;
}

function FieldOfKind({ name, node, value, path, required, context, label: given }: FieldProps) {
  const kind = fieldKind(name, node, context.root);
  const label = given ?? fieldLabel(String(name), node);
  const problems = problemsAt(context, path);
  /** An optional field left empty is removed from the document, not written as "". */
  const onChange = (next: unknown) => context.onChange(path, !required && (next === '' || next === undefined) ? undefined : next);
  const leaf = {
    label,
    // Help that only repeats the name ("Employment type") is left out.
    description: node.description?.toLowerCase() === label.toLowerCase() ? undefined : node.description,
    required,
    error: fieldError(problems),
    warning: fieldWarning(problems),
    disabled: context.readOnly,
    node,
    value,
    onChange,
  };
  const structure = { label, node, value, path, required, context, nested: nestedIn(context) };

  switch (kind) {
    case 'const':
      return null;
    case 'text':
      return <TextField {...leaf} vocabulary={context.vocabulary} />;
    case 'link':
      return <LinkField {...leaf} context={context} />;
    case 'icon':
      return <IconField {...leaf} />;
    case 'image':
      return <ImageField {...leaf} />;
    case 'enum':
      return <ChoiceField {...leaf} />;
    case 'number':
      return <NumberField {...leaf} />;
    case 'boolean':
      return <SwitchField {...leaf} />;
    case 'date':
      return <DateField {...leaf} />;
    case 'money':
      return <MoneyField {...leaf} context={context} path={path} />;
    case 'object':
      return <ObjectField {...structure} />;
    case 'variant':
      return <VariantField {...structure} />;
    case 'record':
      return <RecordField {...structure} />;
    case 'array':
      return <ListField {...structure} name={String(name)} />;
    case 'json':
      return (
        <JsonField
          label={label}
          description={node.description}
          value={value}
          onChange={onChange}
          unparsed={context.unparsed[pointerOf(path)]}
          onInvalidInput={(input) => context.onInvalidInput(path, input)}
          error={leaf.error}
          disabled={context.readOnly}
        />
      );
  }
}
