/** A group of fields (an object): its name and help around its fields; an optional one left out offers to add it. */
import { Button, Fieldset, Text } from '@mantine/core';
import { problemsAt } from '../context';
import { problemText } from '../field-problems';
import { emptyValue } from '../schema';
import type { NestedProps } from './nested';

export function ObjectField({ label, node, value, path, required, context, nested }: NestedProps) {
  const problems = problemText(problemsAt(context, path));
  return (
    <Fieldset legend={label} disabled={context.readOnly} variant="filled" p="sm">
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
        nested.object({ node, value, path })
      )}
      {problems && (
        <Text size="sm" c="red.9" mt="xs">
          {problems}
        </Text>
      )}
    </Fieldset>
  );
}
