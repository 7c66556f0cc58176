/**
 * A text field: one line, or a box of several lines where the schema declares the text `multiline` (a description,
 * an answer, a paragraph). Which it is never depends on what is typed, so the field stays the same element, with
 * the focus and every keystroke, however long the text grows or shrinks. A counter shows the schema's length limit
 * or aim; free text offers the site's placeholders.
 */
import { Box, Textarea, TextInput } from '@mantine/core';
import { useRef } from 'react';
import type { SiteVocabulary } from '../../../protocol';
import { FieldWarning } from '../field-problems';
import { lengthLimits } from '../schema';
import { Counter } from './Counter';
import type { LeafFieldProps } from './leaf-props';
import { PlaceholderMenu } from './PlaceholderMenu';

export function TextField({
  label,
  description,
  required,
  error,
  warning,
  disabled,
  node,
  value,
  onChange,
  vocabulary,
}: LeafFieldProps & { vocabulary: SiteVocabulary }) {
  const text = typeof value === 'string' ? value : '';
  const input = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
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
  const shared = {
    label,
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
      {node.multiline ? (
        <Textarea
          {...shared}
          ref={input}
          autosize
          minRows={2}
          maxRows={10}
          data-multiline
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      ) : (
        <TextInput {...shared} ref={input} onChange={(event) => onChange(event.currentTarget.value)} />
      )}
      <FieldWarning warning={warning} />
    </Box>
  );
}
