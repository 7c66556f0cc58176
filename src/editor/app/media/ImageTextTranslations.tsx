/**
 * An image's visitor texts (its alt text and caption) in the site's other languages, beside their English: for each
 * language the person translates into (workspace.translates; the server refuses the others whatever this shows), a
 * field a text, saved into the language's translation file of the image's record by the same endpoint as a page's
 * translation, so each is pending, outdated or translated by the same rules as every other text
 * (`npm run i18n:status`). The credit is not among them: it is for the team, never shown to visitors.
 */
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { MediaItem } from '../../media-protocol';
import type { TranslationPayload } from '../../protocol';
import { api, queryClient, useTranslation } from '../api';
import { workspace } from '../workspace';
import { MEDIA_WORDS as W } from './media-words';

type Notice = { ok: boolean; text: string };

/** The texts of a record visitors read, by their key in its translation file. */
type ImageTextKey = 'alt' | 'caption';

/** The image's texts to translate, with their English: its alt text unless decorative, its caption if it has one. */
function imageTexts(item: MediaItem): { key: ImageTextKey; english: string }[] {
  return [
    ...(!item.decorative && item.alt ? [{ key: 'alt' as const, english: item.alt }] : []),
    ...(item.caption ? [{ key: 'caption' as const, english: item.caption }] : []),
  ];
}

function TextTranslation({
  file,
  code,
  language,
  english,
  textKey,
  source,
  translation,
}: {
  file: string;
  code: string;
  /** The language translated into, by name. */
  language: string;
  /** The language the texts are written in, by name. */
  english: string;
  textKey: ImageTextKey;
  source: string;
  translation: { data?: TranslationPayload; error: Error | null };
}) {
  const current = translation.data?.texts.find((text) => text.key === textKey);
  const [written, setWritten] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice | undefined>();
  const value = written ?? current?.text ?? '';
  const what = W.textName[textKey];

  async function save() {
    if (!translation.data) return;
    setSending(true);
    setNotice(undefined);
    try {
      const answer = await api.translationSave({ file, locale: code, texts: { [textKey]: value }, baseHash: translation.data.hash });
      if (answer.outcome === 'refused') return setNotice({ ok: false, text: answer.message });
      setNotice({ ok: true, text: W.translationSaved(language, what) });
      setWritten(undefined);
      await queryClient.invalidateQueries({ queryKey: ['translation', code, file] });
    } catch (error) {
      setNotice({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setSending(false);
    }
  }

  const state = current?.state === 'missing' ? W.translationMissing : current?.state === 'outdated' ? W.translationOutdated : undefined;
  return (
    <Stack gap={4} data-text-translation={`${code}:${textKey}`}>
      <TextInput
        label={W.translationLabel(what, language)}
        description={W.translationSource(english, current?.source ?? source)}
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
          {W.saveTranslation(language, what)}
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

/** One language's fields, sharing one read of the language's translation file. */
function LanguageTranslations({ item, code, name, english }: { item: MediaItem; code: string; name: string; english: string }) {
  const translation = useTranslation(item.record, code);
  return (
    <Stack gap="xs" data-language-translations={code}>
      {imageTexts(item).map((text) => (
        <TextTranslation
          key={text.key}
          file={item.record}
          code={code}
          language={name}
          english={english}
          textKey={text.key}
          source={text.english}
          translation={translation}
        />
      ))}
    </Stack>
  );
}

export function ImageTextTranslations({
  item,
  english,
  languages,
}: {
  item: MediaItem;
  /** The language the texts are written in, by name. */
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
      ) : imageTexts(item).length === 0 ? (
        <Text size="sm">{W.nothingToTranslate}</Text>
      ) : (
        mine.map((language) => <LanguageTranslations key={language.code} item={item} english={english} {...language} />)
      )}
    </Stack>
  );
}
