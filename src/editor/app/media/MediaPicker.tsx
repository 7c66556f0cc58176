/**
 * The image field's picker: the library's images as thumbnails to choose from, searched by name and alt text, and
 * a new one added by upload (MediaUpload), which is chosen at once. Every thumbnail is a button: usable by keyboard.
 */
import { Modal, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { MediaItem } from '../../media-protocol';
import { useMediaLibrary } from './media-api';
import { matchesSearch } from './media-search';
import { MEDIA_WORDS as W, thumbnailAlt } from './media-words';
import { MediaUpload } from './MediaUpload';
import classes from './media.module.css';

export function MediaPicker({
  field,
  chosen,
  onChoose,
  onClose,
}: {
  field: string;
  chosen: string | undefined;
  onChoose: (id: string) => void;
  onClose: () => void;
}) {
  const library = useMediaLibrary();
  const [search, setSearch] = useState('');
  // On a touch screen the search is not focused at once: the keyboard would open over the library.
  const touch = useMediaQuery('(pointer: coarse)', undefined, { getInitialValueInEffect: false });
  const items = (library.data?.items ?? []).filter((item) => matchesSearch(item, search));
  const choose = (item: MediaItem) => {
    onChoose(item.id);
    onClose();
  };
  return (
    <Modal opened onClose={onClose} title={W.pickerTitle(field)} size="xl" closeButtonProps={{ 'aria-label': W.cancel }}>
      <Stack gap="md">
        <MediaUpload level={3} language={library.data?.language.name ?? 'English'} onAdded={(item) => choose(item)} />
        <Stack gap="xs" component="section" aria-label={W.pickFromLibrary}>
          <Text fw={600} component="h3" size="sm">
            {W.pickFromLibrary}
          </Text>
          {/* The focus starts here, not on the close button: a person opens the picker to find an image, and a quick click
              here is not undone by the dialog's focus moving in a moment after it opens (not on a touch screen: above). */}
          <TextInput
            label={W.search}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            data-autofocus={!touch || undefined}
          />
          {library.isPending && <Text size="sm">{W.loading}</Text>}
          {library.data && items.length === 0 && <Text size="sm">{W.noneFound}</Text>}
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
            {items.map((item) => (
              <UnstyledButton
                key={item.id}
                className={classes.thumb}
                aria-label={W.pickLabel(item)}
                aria-pressed={item.id === chosen}
                onClick={() => choose(item)}
              >
                <img src={item.thumbnail} alt={thumbnailAlt(item)} loading="lazy" />
                <Text size="xs" component="span">
                  {item.id}
                </Text>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </Stack>
      </Stack>
    </Modal>
  );
}
