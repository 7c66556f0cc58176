/**
 * An image's details, from the library view: its alt text (or decorative), caption, credit and focal point, saved
 * into its record as part of the person's change (the server checks each field and says what is wrong beside it),
 * and its alt text and caption in the languages the person translates into (ImageTextTranslations). A role that only
 * translates sees the English and writes its languages.
 */
import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { MediaDetailsField, MediaFocus, MediaItem } from '../../media-protocol';
import { queryClient } from '../api';
import { workspace } from '../workspace';
import { ImageTextTranslations } from './ImageTextTranslations';
import { FocalPoint } from './FocalPoint';
import { saveDetails } from './media-api';
import { MEDIA_WORDS as W } from './media-words';

type Errors = Partial<Record<MediaDetailsField, string>>;

function DetailsForm({ item, language }: { item: MediaItem; language: string }) {
  const [alt, setAlt] = useState(item.alt ?? '');
  const [decorative, setDecorative] = useState(item.decorative ?? false);
  const [caption, setCaption] = useState(item.caption ?? '');
  const [credit, setCredit] = useState(item.credit ?? '');
  const [focus, setFocus] = useState<MediaFocus | undefined>(item.focus);
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const [sending, setSending] = useState(false);

  async function save() {
    // Checked here first for a quick answer; the server checks again and has the last word.
    if (!decorative && !alt.trim()) return setErrors({ alt: W.altNeeded });
    setSending(true);
    setRefusal(undefined);
    setSaved(false);
    try {
      const answer = await saveDetails({ id: item.id, alt, decorative, caption, credit, focus: focus ?? null });
      if (answer.outcome === 'refused') {
        setErrors(answer.fields);
        setRefusal(Object.keys(answer.fields).length ? W.fixFields : answer.message);
        return;
      }
      setErrors({});
      setSaved(true);
      // The translations are now of a new English: asked again, they say which are out of date.
      await queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === 'translation' && query.queryKey[2] === item.record,
      });
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={W.altLabel(language)}
          description={W.altHelp}
          value={alt}
          disabled={decorative}
          error={errors.alt}
          onChange={(event) => {
            setAlt(event.currentTarget.value);
            setErrors(({ alt: _alt, ...rest }) => rest);
          }}
        />
        <Checkbox label={W.decorativeLabel} checked={decorative} onChange={(event) => setDecorative(event.currentTarget.checked)} />
        <TextInput
          label={W.captionLabel}
          description={W.captionHelp}
          value={caption}
          error={errors.caption}
          onChange={(event) => setCaption(event.currentTarget.value)}
        />
        <TextInput
          label={W.creditLabel}
          description={W.creditHelp}
          value={credit}
          error={errors.credit}
          onChange={(event) => setCredit(event.currentTarget.value)}
        />
        <FocalPoint src={item.preview} focus={focus} error={errors.focus} onChange={setFocus} />
        <div aria-live="polite">
          {refusal && (
            <Alert color="red" role="alert" withCloseButton={false}>
              {refusal}
            </Alert>
          )}
          {saved && (
            <Alert color="green" role="status" withCloseButton={false}>
              {W.saved(item.id)}
            </Alert>
          )}
        </div>
        <Group>
          <Button type="submit" loading={sending}>
            {W.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function MediaDetailsDialog({
  item,
  language,
  translatedInto,
  onClose,
}: {
  item: MediaItem;
  /** The language alt text is written in (the site's default), by name. */
  language: string;
  translatedInto: { code: string; name: string }[];
  onClose: () => void;
}) {
  return (
    <Modal opened onClose={onClose} title={W.detailsTitle(item.id)} size="lg" closeButtonProps={{ 'aria-label': W.close }}>
      <Stack gap="lg">
        {workspace.structureLocked ? (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {W.altLabel(language)}
            </Text>
            <Text size="sm">{item.decorative ? W.decorative : (item.alt ?? W.noAlt)}</Text>
          </Stack>
        ) : (
          <DetailsForm item={item} language={language} />
        )}
        <ImageTextTranslations item={item} english={language} languages={translatedInto} />
      </Stack>
    </Modal>
  );
}
