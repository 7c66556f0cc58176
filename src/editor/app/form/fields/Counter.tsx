/** How many characters a text has, against its schema's hard maximum or its soft aim ("34 / 60 characters"). */
import { Text } from '@mantine/core';
import type { JsonSchema } from '../../../protocol';
import { lengthLimits } from '../schema';

export function Counter({ node, length }: { node: JsonSchema; length: number }) {
  const limits = lengthLimits(node);
  if (!limits) return null;
  const outside = length > limits.max || (limits.min !== undefined && length < limits.min);
  const range = limits.min !== undefined ? `${limits.min}-${limits.max}` : `${limits.max}`;
  return (
    <Text component="span" size="xs" c={outside ? (limits.hard ? 'red.9' : 'orange.9') : 'gray.8'} data-counter>
      {length} / {range} characters{limits.hard ? '' : ' (aim)'}
    </Text>
  );
}
