/**
 * An image of the media library (an `image(...)` field): the image chosen, shown small with its alt text, and a
 * picker (src/editor/app/media/MediaPicker.tsx) to choose another from the library or add a new one. The field holds
 * the image's id; the page's preview shows it as the section will.
 */
import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useMediaLibrary } from '../../media/media-api';
import { MediaPicker } from '../../media/MediaPicker';
import { MEDIA_WORDS as W, thumbnailAlt } from '../../media/media-words';
import classes from '../../media/media.module.css';
import { FieldWarning } from '../field-problems';
import type { LeafFieldProps } from './leaf-props';

export function ImageField({ label, description, required, error, warning, disabled, value, onChange }: LeafFieldProps) {
  const id = typeof value === 'string' && value ? value : undefined;
  const library = useMediaLibrary();
  const item = id ? library.data?.items.find((candidate) => candidate.id === id) : undefined;
  const [picking, setPicking] = useState(false);
  const labelId = useId();
  return (
    <Input.Wrapper label={label} labelElement="div" id={labelId} description={description} required={required} error={error}>
      <Stack gap={6} role="group" aria-label={label} mt={4}>
        <Group gap="sm" align="flex-start" wrap="nowrap">
          {item && (
            <div className={classes.preview}>
              <img src={item.thumbnail} alt={thumbnailAlt(item)} />
            </div>
          )}
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {id ?? W.none}
            </Text>
            {item && (
              <Text size="sm" c="gray.7">
                {item.decorative ? W.decorative : (item.alt ?? W.noAlt)}
              </Text>
            )}
            {id && library.data && !item && (
              <Text size="sm" c="red.8">
                {W.missing(id)}
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="default" disabled={disabled} onClick={() => setPicking(true)}>
            {id ? W.change : W.choose}
          </Button>
          {id && !required && (
            <Button size="xs" variant="default" disabled={disabled} onClick={() => onChange(undefined)}>
              {W.remove}
            </Button>
          )}
        </Group>
        <FieldWarning warning={warning} />
      </Stack>
      {picking && <MediaPicker field={label} chosen={id} onChoose={(next) => onChange(next)} onClose={() => setPicking(false)} />}
    </Input.Wrapper>
  );
}
