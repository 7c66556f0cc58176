/**
 * The media library as a page of the editor (`/media`): every image with its alt text and where it is used (each
 * page by its address, a link to edit it), searched by name and alt text, or only those used nowhere; a file replaced
 * keeping its id (every page showing it shows the new one), an image deleted (refused by the server while a page
 * shows it, naming the pages), a new one added; its details (alt text, caption, credit, focal point) and its alt text's
 * translations written in a dialog (MediaDetailsDialog).
 */
import { Alert, Anchor, Button, Checkbox, FileButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { MediaItem } from '../../media-protocol';
import { editorPath } from '../views/editor-path';
import { deleteImage, replaceImage, useMediaLibrary } from './media-api';
import { matchesSearch } from './media-search';
import { MEDIA_WORDS as W, thumbnailAlt, placeInWords } from './media-words';
import { MediaDetailsDialog } from './MediaDetailsDialog';
import { MediaUpload } from './MediaUpload';
import classes from './media.module.css';
import { workspace } from '../workspace';

/** A role that translates only sees the library but cannot change it (the server refuses it whatever this shows). */
const locked = workspace.structureLocked;

type Notice = { ok: boolean; text: string };

function MediaRow({ item, onNotice, onDetails }: { item: MediaItem; onNotice: (notice: Notice) => void; onDetails: () => void }) {
  const [busy, setBusy] = useState(false);
  const act = async (work: () => Promise<string>) => {
    setBusy(true);
    try {
      onNotice({ ok: true, text: await work() });
    } catch (error) {
      onNotice({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="sm" component="li" data-media-item={item.id}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <div className={classes.preview}>
          <img src={item.thumbnail} alt={thumbnailAlt(item)} loading="lazy" />
        </div>
        <Stack gap={4} style={{ flex: 1 }}>
          <Text fw={600} component="h2" size="md">
            {item.id}
          </Text>
          <Text size="sm">{item.decorative ? W.decorative : (item.alt ?? W.noAlt)}</Text>
          <Text size="sm" c="gray.7">
            {item.file}, {item.width}×{item.height}
          </Text>
          {item.uses.length === 0 ? (
            <Text size="sm">{W.unused}</Text>
          ) : (
            <Text size="sm" component="div">
              {W.usedOn}{' '}
              {item.uses.map((use, index) => (
                <span key={`${use.route}-${use.field}`}>
                  {index > 0 && ', '}
                  <Anchor component={Link} to={editorPath({ file: use.file })}>
                    {placeInWords(use)}
                  </Anchor>
                </span>
              ))}
            </Text>
          )}
          {item.caption && <Text size="sm">{W.captionIs(item.caption)}</Text>}
          {item.credit && <Text size="sm">{W.creditIs(item.credit)}</Text>}
          <Group gap="xs" mt={4}>
            <Button size="xs" variant="default" aria-label={locked ? W.translateLabel(item.id) : W.editLabel(item.id)} onClick={onDetails}>
              {locked ? W.translate : W.edit}
            </Button>
            {!locked && (
              <>
                <FileButton
                  accept="image/jpeg,image/png,image/webp,image/avif,image/gif,image/svg+xml"
                  onChange={(file) => file && void act(async () => (await replaceImage(item.id, file), W.replaced(item.id)))}
                >
                  {(props) => (
                    <Button size="xs" variant="default" loading={busy} aria-label={W.replaceLabel(item.id)} {...props}>
                      {W.replace}
                    </Button>
                  )}
                </FileButton>
                <Button
                  size="xs"
                  variant="default"
                  aria-label={W.deleteLabel(item.id)}
                  disabled={busy}
                  onClick={() => void act(async () => (await deleteImage(item.id), W.deleted(item.id)))}
                >
                  {W.delete}
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

export function MediaLibraryView() {
  const library = useMediaLibrary();
  const [search, setSearch] = useState('');
  const [unusedOnly, setUnusedOnly] = useState(false);
  const [notice, setNotice] = useState<Notice | undefined>();
  const [describing, setDescribing] = useState<string | undefined>();
  const described = library.data?.items.find((item) => item.id === describing);
  const items = (library.data?.items ?? []).filter((item) => matchesSearch(item, search) && (!unusedOnly || item.uses.length === 0));
  return (
    <Stack component="main" p="md" gap="md" maw={960}>
      <Title order={1} size="h2">
        {W.libraryTitle}
      </Title>
      <Text size="sm">{W.libraryIntro}</Text>
      {!locked && (
        <MediaUpload
          level={2}
          language={library.data?.language.name ?? 'English'}
          onAdded={(item, outcome) => setNotice({ ok: true, text: outcome === 'added' ? W.added(item.id) : W.existing(item.id) })}
        />
      )}
      <Group align="flex-end">
        <TextInput label={W.search} value={search} onChange={(event) => setSearch(event.currentTarget.value)} />
        <Checkbox label={W.unusedOnly} checked={unusedOnly} onChange={(event) => setUnusedOnly(event.currentTarget.checked)} />
      </Group>
      <div aria-live="polite">
        {notice && (
          <Alert color={notice.ok ? 'green' : 'red'} role={notice.ok ? 'status' : 'alert'} withCloseButton={false}>
            {notice.text}
          </Alert>
        )}
      </div>
      {library.isPending && <Text>{W.loading}</Text>}
      {library.error && <Alert color="red">{library.error.message}</Alert>}
      {library.data && items.length === 0 && <Text>{W.noneFound}</Text>}
      <Stack component="ul" gap="sm" p={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <MediaRow key={item.id} item={item} onNotice={setNotice} onDetails={() => setDescribing(item.id)} />
        ))}
      </Stack>
      {described && library.data && (
        <MediaDetailsDialog
          item={described}
          language={library.data.language.name}
          translatedInto={library.data.translatedInto}
          onClose={() => setDescribing(undefined)}
        />
      )}
    </Stack>
  );
}
