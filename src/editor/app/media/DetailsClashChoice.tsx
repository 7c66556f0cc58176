/**
 * The choice for one field of an image's details that a colleague saved too (a save answered 409): mine or theirs,
 * each with its value in words. Shown beside that field, not at the foot of the dialog: there it was below the fold
 * for a person who pressed Save (or Enter) higher up, who then saw nothing happen.
 */
import { Radio, Stack } from '@mantine/core';
import type { Ref } from 'react';
import type { MediaDetailsConflict, MediaDetailsField, MediaFieldValue } from '../../media-protocol';
import { MEDIA_WORDS as W } from './media-words';

/** A field's value in words, as the choice between two shows it. */
function valueInWords(field: MediaDetailsField, value: MediaFieldValue): string {
  if (field === 'alt') return value.decorative ? W.decorative : (value.alt ?? W.emptyValue);
  if (field === 'focus') return value.focus ? W.focusAt(value.focus.x, value.focus.y) : W.centre;
  return value[field] ?? W.emptyValue;
}

export function DetailsClashChoice({
  conflict,
  by,
  taken,
  onChoose,
  ref,
}: {
  conflict: MediaDetailsConflict;
  /** The colleague who saved the other value, by name. */
  by: string;
  taken: 'mine' | 'theirs';
  onChoose: (whose: 'mine' | 'theirs') => void;
  /** The first choice of the dialog: scrolled into view and focused when the clash is answered. */
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <Radio.Group
      ref={ref}
      data-clash-choice={conflict.field}
      label={W.choiceLabel(W.fieldName[conflict.field])}
      value={taken}
      onChange={(whose) => onChoose(whose === 'theirs' ? 'theirs' : 'mine')}
    >
      <Stack gap={6} mt={6}>
        <Radio value="mine" label={W.keepMine} description={valueInWords(conflict.field, conflict.mine)} />
        <Radio value="theirs" label={W.takeTheirs(by)} description={valueInWords(conflict.field, conflict.theirs)} />
      </Stack>
    </Radio.Group>
  );
}
