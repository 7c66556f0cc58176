/**
 * Adding an image to the library: a file dropped here, pasted, or chosen; its alt text asked for at once in the
 * language the site writes it in (or the image declared decorative), since an image without it cannot be published;
 * then sent, and checked by the server (its type by its bytes, its size), whose refusal is shown in its words.
 */
import { Alert, Button, Checkbox, FileButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ClipboardEvent, type DragEvent } from 'react';
import type { MediaItem, MediaUploadAnswer } from '../../media-protocol';
import { uploadImage } from './media-api';
import { MEDIA_WORDS as W } from './media-words';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif,image/svg+xml';

export function MediaUpload({
  language,
  level,
  onAdded,
}: {
  language: string;
  /** Its heading's level where it is (a dialog's title is h2; the library's page title h1). */
  level: 2 | 3;
  onAdded: (item: MediaItem, outcome: MediaUploadAnswer['outcome']) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [decorative, setDecorative] = useState(false);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>();
  const [altMissing, setAltMissing] = useState(false);

  const take = (next: File | null | undefined) => {
    if (!next) return;
    setFile(next);
    setRefusal(undefined);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    take(event.dataTransfer.files[0]);
  };
  const onPaste = (event: ClipboardEvent) => {
    const pasted = [...event.clipboardData.files].find((candidate) => candidate.type.startsWith('image/'));
    if (pasted) {
      event.preventDefault();
      take(pasted);
    }
  };

  async function add() {
    if (!file) return;
    if (!alt.trim() && !decorative) return setAltMissing(true);
    setSending(true);
    setRefusal(undefined);
    try {
      const answer = await uploadImage(file, decorative ? { decorative } : { alt: alt.trim() });
      setFile(null);
      setAlt('');
      onAdded(answer.item, answer.outcome);
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <Paper withBorder p="sm" onDragOver={(event) => event.preventDefault()} onDrop={onDrop} onPaste={onPaste} data-media-upload>
      <Stack gap="xs">
        <Text fw={600} component={level === 2 ? 'h2' : 'h3'} size="sm">
          {W.uploadTitle}
        </Text>
        <Text size="sm" c="gray.7">
          {W.uploadHelp}
        </Text>
        <Group gap="sm">
          <FileButton onChange={take} accept={ACCEPT}>
            {(props) => (
              <Button variant="default" {...props}>
                {W.chooseFile}
              </Button>
            )}
          </FileButton>
          {file && <Text size="sm">{W.fileChosen(file.name, Math.ceil(file.size / 1024))}</Text>}
        </Group>
        {file && (
          <>
            <TextInput
              label={W.altLabel(language)}
              description={W.altHelp}
              value={alt}
              disabled={decorative}
              error={altMissing && !alt.trim() && !decorative ? W.altNeeded : undefined}
              onChange={(event) => {
                setAlt(event.currentTarget.value);
                setAltMissing(false);
              }}
            />
            <Checkbox label={W.decorativeLabel} checked={decorative} onChange={(event) => setDecorative(event.currentTarget.checked)} />
            <Group>
              <Button onClick={() => void add()} loading={sending}>
                {W.add}
              </Button>
            </Group>
          </>
        )}
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
