/**
 * A value of one of several shapes (a menu entry: a link, or a menu of a folder's pages): which shape it is, chosen
 * from a list named by each shape's label, then that shape's fields. Changing the shape keeps the fields both share.
 */
import { Fieldset, Select, Stack, Text } from '@mantine/core';
import { isObject } from '../../../shared/json-path';
import { problemsAt } from '../context';
import { problemText } from '../field-problems';
import { emptyValue, realBranches, type Resolved } from '../schema';
import type { NestedProps } from './nested';

/** Which shape a value is: the first whose required fields it has and whose fields it keeps to. */
function shapeOf(shapes: Resolved[], value: unknown): number {
  const object = isObject(value) ? value : {};
  const keys = Object.keys(object);
  const fits = (shape: Resolved) =>
    (shape.required ?? []).every((key) => key in object) &&
    (shape.additionalProperties !== false || keys.every((key) => key in (shape.properties ?? {})));
  const found = shapes.findIndex(fits);
  return found >= 0 ? found : 0;
}

export function VariantField({ label, node, value, path, context, nested }: NestedProps) {
  const shapes = realBranches(node, context.root);
  const index = shapeOf(shapes, value);
  const names = shapes.map((shape, at) => shape.label ?? shape.title ?? shape.defName ?? `Shape ${at + 1}`);
  const problems = problemText(problemsAt(context, path));
  const choose = (next: number) => {
    if (next === index) return;
    const shape = shapes[next];
    const kept = Object.fromEntries(Object.entries(isObject(value) ? value : {}).filter(([key]) => key in (shape.properties ?? {})));
    context.onChange(path, { ...(emptyValue(shape, context.root) as object), ...kept });
  };
  return (
    <Fieldset legend={label} variant="unstyled" disabled={context.readOnly} data-variant>
      <Stack gap="xs">
        {node.description && (
          <Text size="sm" c="gray.8">
            {node.description}
          </Text>
        )}
        <Select
          label="Kind"
          allowDeselect={false}
          data={names.map((name, at) => ({ value: String(at), label: name }))}
          value={String(index)}
          onChange={(next) => next !== null && choose(Number(next))}
        />
        {nested.object({ node: shapes[index], value, path })}
        {problems && (
          <Text size="sm" c="red.9">
            {problems}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
