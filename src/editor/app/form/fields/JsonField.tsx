/**
 * A value as its JSON: the expert view of a section, and the field for a value the form cannot represent. The
 * document changes only when the text reads as JSON. Text that does not is reported (`onInvalidInput`): the session
 * keeps it by pointer and counts it as an error, so nothing says "saved" or "valid" while it stands, saving waits, and
 * the text is still here when the field is shown again; "Put back" returns to the document's value.
 */
import { Box, Button, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { UnparsedInput } from '../../state/session';

const sameJson = (text: string, value: unknown) => {
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(value);
  } catch {
    return false;
  }
};

export function JsonField({
  label,
  description,
  value,
  onChange,
  unparsed,
  onInvalidInput,
  error,
  disabled,
  minRows = 3,
}: {
  label: string;
  description?: string;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Text typed here earlier that did not read as JSON (kept by the session). */
  unparsed: UnparsedInput | undefined;
  onInvalidInput: (input: UnparsedInput | undefined) => void;
  error?: ReactNode;
  disabled?: boolean;
  minRows?: number;
}) {
  const written = value === undefined ? '' : JSON.stringify(value, null, 2);
  const [text, setText] = useState(unparsed?.text ?? written);
  const [shown, setShown] = useState(value);
  // The value changed from elsewhere (undo, another field): show it, unless the text already says it or is the
  // marketer's own text that does not read yet (kept until they fix it or put the value back).
  if (shown !== value) {
    setShown(value);
    if (!unparsed && !sameJson(text, value)) setText(written);
  }
  const putBack = () => {
    setText(written);
    onInvalidInput(undefined);
  };
  return (
    <Box>
      <Textarea
        label={label}
        description={description ?? 'Written as JSON; checked like the rest of the form'}
        value={text}
        disabled={disabled}
        autosize
        minRows={minRows}
        maxRows={24}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        error={error}
        data-json-field
        onChange={(event) => {
          const next = event.currentTarget.value;
          setText(next);
          if (!next.trim()) {
            if (unparsed) onInvalidInput(undefined);
            onChange(undefined);
            return;
          }
          try {
            const parsed = JSON.parse(next) as unknown;
            if (unparsed) onInvalidInput(undefined);
            setShown(parsed);
            onChange(parsed);
          } catch (problem) {
            onInvalidInput({ text: next, message: problem instanceof Error ? problem.message : String(problem) });
          }
        }}
      />
      {unparsed && !disabled && (
        <Button variant="subtle" size="compact-xs" mt={4} onClick={putBack}>
          Put back the last valid JSON
        </Button>
      )}
    </Box>
  );
}
