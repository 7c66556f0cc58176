/**
 * An image's alt text in the site's other languages, beside its English: one field a language the person translates
 * into (workspace.translates; the server refuses the others whatever this shows), saved into the language's
 * translation file of the image's record by the same endpoint as a page's translation, so it is pending, outdated
 * or translated by the same rules as every other text (`npm run i18n:status`).
 */
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { MediaItem } from '../../media-protocol';
import { api, queryClient, useTranslation } from '../api';
import { workspace } from '../workspace';
import { MEDIA_WORDS as W } from './media-words';

type Notice = { ok: boolean; text: string };

function AltTranslation({
  item,
  code,
  name,
  source,
  english,
}: {
  item: MediaItem;
  code: string;
  name: string;
  source: string;
  english: string;
}) {
  const file = item.record;
  const translation = useTranslation(file, code);
  const alt = translation.data?.texts.find((text) => text.key === 'alt');
  const [written, setWritten] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice | undefined>();
  const value = written ?? alt?.text ?? '';

  async function save() {
    if (!translation.data) return;
    setSending(true);
    setNotice(undefined);
    try {
      const answer = await api.translationSave({ file, locale: code, texts: { alt: value }, baseHash: translation.data.hash });
      if (answer.outcome === 'refused') return setNotice({ ok: false, text: answer.message });
      setNotice({ ok: true, text: W.translationSaved(name) });
      setWritten(undefined);
      await queryClient.invalidateQueries({ queryKey: ['translation', code, file] });
    } catch (error) {
      setNotice({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setSending(false);
    }
  }

  const state = alt?.state === 'missing' ? W.translationMissing : alt?.state === 'outdated' ? W.translationOutdated : undefined;
  return (
    <Stack gap={4} data-alt-translation={code}>
      <TextInput
        label={W.translationLabel(name)}
        description={W.translationSource(english, alt?.source ?? source)}
        value={value}
        disabled={!translation.data}
        error={translation.error?.message}
        onChange={(event) => setWritten(event.currentTarget.value)}
      />
      {state && written === undefined && (
        <Text size="sm" fw={600}>
          {state}
        </Text>
      )}
      <div>
        <Button size="xs" variant="default" loading={sending} disabled={!value.trim() || !translation.data} onClick={() => void save()}>
          {W.saveTranslation(name)}
        </Button>
      </div>
      {notice && (
        <Alert color={notice.ok ? 'green' : 'red'} role={notice.ok ? 'status' : 'alert'} withCloseButton={false} p="xs">
          {notice.text}
        </Alert>
      )}
    </Stack>
  );
}

export function AltTranslations({
  item,
  english,
  languages,
}: {
  item: MediaItem;
  /** The language the alt text is written in, by name. */
  english: string;
  languages: { code: string; name: string }[];
}) {
  const mine = languages.filter((language) => workspace.translates(language.code));
  return (
    <Stack gap="sm" component="section" aria-labelledby={`translations-${item.id}`}>
      <Text fw={600} component="h3" size="sm" id={`translations-${item.id}`}>
        {W.translationsTitle}
      </Text>
      {mine.length === 0 ? (
        <Text size="sm">{W.noLanguages}</Text>
      ) : item.decorative || !item.alt ? (
        <Text size="sm">{W.noAltToTranslate}</Text>
      ) : (
        mine.map((language) => <AltTranslation key={language.code} item={item} source={item.alt!} english={english} {...language} />)
      )}
    </Stack>
  );
}
