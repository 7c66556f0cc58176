/**
 * An image's details, from the library view: its alt text (or decorative), caption, credit and focal point, saved
 * into its record as part of the person's change (the server checks each field and says what is wrong beside it),
 * and its alt text and caption in the languages the person translates into (ImageTextTranslations). A role that only
 * translates sees the English and writes its languages. A save names the version the details were opened at: a
 * colleague's change of another field meanwhile is kept (said so); a field both changed is offered as a choice, mine or
 * theirs, beside that field (DetailsClashChoice, brought into view and focused), with nothing typed lost, and saved
 * again from their version.
 */
import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { MediaDetailsConflict, MediaDetailsField, MediaFieldValue, MediaFocus, MediaItem } from '../../media-protocol';
import { queryClient } from '../api';
import { workspace } from '../workspace';
import { DetailsClashChoice } from './DetailsClashChoice';
import { ImageTextTranslations } from './ImageTextTranslations';
import { FocalPoint } from './FocalPoint';
import { saveDetails } from './media-api';
import { MEDIA_WORDS as W } from './media-words';

type Errors = Partial<Record<MediaDetailsField, string>>;

/** The fields in the order the form shows them: the first that clashes is the one brought into view. */
const FORM_ORDER: readonly MediaDetailsField[] = ['alt', 'caption', 'credit', 'focus'];

/** The choices of a conflict: each field both changed, and whose value is kept. */
interface Choices {
  by: string;
  conflicts: MediaDetailsConflict[];
  taken: Partial<Record<MediaDetailsField, 'mine' | 'theirs'>>;
}

function DetailsForm({ item, language }: { item: MediaItem; language: string }) {
  const [alt, setAlt] = useState(item.alt ?? '');
  const [decorative, setDecorative] = useState(item.decorative ?? false);
  const [caption, setCaption] = useState(item.caption ?? '');
  const [credit, setCredit] = useState(item.credit ?? '');
  const [focus, setFocus] = useState<MediaFocus | undefined>(item.focus);
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | undefined>();
  const [saved, setSaved] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  /** The version of the record the details are changed from: as opened, then as each save or conflict answered. */
  const [baseHash, setBaseHash] = useState(item.hash);
  const [choices, setChoices] = useState<Choices | undefined>();
  const firstChoice = useRef<HTMLDivElement>(null);
  const firstClash = FORM_ORDER.find((field) => choices?.conflicts.some((conflict) => conflict.field === field));

  // A clash answered: its first choice brought to the middle of the dialog and focused (the screen reader says which
  // field and which is chosen), wherever the person pressed Save from.
  useEffect(() => {
    const choice = firstChoice.current;
    if (!choice) return;
    choice.scrollIntoView({ block: 'center' });
    choice.querySelector<HTMLInputElement>('input:checked')?.focus({ preventScroll: true });
  }, [choices?.conflicts]);

  /** Puts a field's value into the form: mine as typed, or the colleague's. */
  function show(field: MediaDetailsField, value: MediaFieldValue) {
    if (field === 'alt') {
      setDecorative(value.decorative ?? false);
      setAlt(value.alt ?? '');
    } else if (field === 'caption') setCaption(value.caption ?? '');
    else if (field === 'credit') setCredit(value.credit ?? '');
    else setFocus(value.focus);
  }

  function choose(conflict: MediaDetailsConflict, whose: 'mine' | 'theirs') {
    setChoices((current) => current && { ...current, taken: { ...current.taken, [conflict.field]: whose } });
    show(conflict.field, whose === 'mine' ? conflict.mine : conflict.theirs);
  }

  /** The choice for `field`, when a colleague saved it too: shown right below that field. */
  function clashChoice(field: MediaDetailsField) {
    const conflict = choices?.conflicts.find((each) => each.field === field);
    if (!choices || !conflict) return null;
    return (
      <DetailsClashChoice
        ref={field === firstClash ? firstChoice : undefined}
        conflict={conflict}
        by={choices.by}
        taken={choices.taken[field] ?? 'mine'}
        onChoose={(whose) => choose(conflict, whose)}
      />
    );
  }

  async function save() {
    // Checked here first for a quick answer; the server checks again and has the last word.
    if (!decorative && !alt.trim()) return setErrors({ alt: W.altNeeded });
    setSending(true);
    setRefusal(undefined);
    setSaved(undefined);
    try {
      const answer = await saveDetails({ id: item.id, baseHash, alt, decorative, caption, credit, focus: focus ?? null });
      if (answer.outcome === 'refused') {
        setErrors(answer.fields);
        setRefusal(Object.keys(answer.fields).length ? W.fixFields : answer.message);
        return;
      }
      if (answer.outcome === 'conflict') {
        // Saved again from their version: what is chosen below (mine unless changed) is what is written, and the
        // fields only they changed show theirs (left as opened, the next save would undo their change).
        setBaseHash(answer.item.hash);
        for (const field of answer.theirs) show(field, answer.item);
        setChoices({ by: answer.by, conflicts: answer.conflicts, taken: {} });
        setRefusal(W.conflict(answer.by));
        return;
      }
      setErrors({});
      setChoices(undefined);
      setBaseHash(answer.item.hash);
      // The colleague's fields kept beside mine are the form's now: left as opened, the next save would undo them.
      for (const field of answer.merged?.fields ?? []) show(field, answer.item);
      setSaved(
        answer.merged
          ? W.savedMerged(
              item.id,
              answer.merged.by,
              answer.merged.fields.map((field) => W.fieldName[field]),
            )
          : W.saved(item.id),
      );
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
          // The dialog opens on the alt text, what it is most often opened for (unless it is off: a decorative image).
          data-autofocus={decorative ? undefined : true}
          onChange={(event) => {
            setAlt(event.currentTarget.value);
            setErrors(({ alt: _alt, ...rest }) => rest);
          }}
        />
        <Checkbox label={W.decorativeLabel} checked={decorative} onChange={(event) => setDecorative(event.currentTarget.checked)} />
        {clashChoice('alt')}
        <TextInput
          label={W.captionLabel}
          description={W.captionHelp}
          value={caption}
          error={errors.caption}
          onChange={(event) => setCaption(event.currentTarget.value)}
        />
        {clashChoice('caption')}
        <TextInput
          label={W.creditLabel}
          description={W.creditHelp}
          value={credit}
          error={errors.credit}
          onChange={(event) => setCredit(event.currentTarget.value)}
        />
        {clashChoice('credit')}
        <FocalPoint src={item.preview} focus={focus} error={errors.focus} onChange={setFocus} />
        {clashChoice('focus')}
        <div aria-live="polite">
          {refusal && (
            <Alert color="red" role="alert" withCloseButton={false}>
              {refusal}
            </Alert>
          )}
          {saved && (
            <Alert color="green" role="status" withCloseButton={false}>
              {saved}
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
