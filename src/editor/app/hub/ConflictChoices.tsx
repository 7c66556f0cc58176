/**
 * Where this change set collides with the published site, shown on its page as soon as the published site moved:
 * each field both changed differently, in words, with both values and who published the other one, and a choice per
 * field (the published version, this change set's, or a text of one's own). "Bring up to date" merges the published
 * site into the change set with those choices, a commit by the person choosing; choosing one of the two versions
 * leaves them free to approve it (they wrote nothing), a text of their own does not.
 */
import { Alert, Button, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { ChangeSetDetail, Clash, ClashChoice, UpdateRequest } from '../../hosted-protocol';
import { hubApi } from './hub-api';
import { clashHeadline, publishedByWords } from '../clash-words';

type Picked = 'changeSet' | 'published' | 'own';

export function ConflictChoices({
  id,
  clashes,
  canSettle,
  onSettled,
}: {
  id: string;
  clashes: Clash[];
  /** Whether the person may edit this change set (the server checks each document's permission again). */
  canSettle: boolean;
  onSettled: (detail: ChangeSetDetail) => void;
}) {
  const [picked, setPicked] = useState<Record<number, Picked>>({});
  const [texts, setTexts] = useState<Record<number, string>>({});
  const settle = useMutation({
    mutationFn: () => {
      const choices: UpdateRequest['choices'] = {};
      clashes.forEach((clash, index) => {
        if (!clash.key) return;
        const choice: ClashChoice = picked[index] === 'own' ? { text: texts[index] ?? '' } : picked[index];
        (choices[clash.file] ??= {})[clash.key] = choice;
      });
      return hubApi.update(id, { choices });
    },
    onSuccess: (detail) => {
      setPicked({});
      onSettled(detail);
    },
  });
  const choosable = clashes.every((clash) => clash.key);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    settle.mutate();
  };
  return (
    <Alert color="red" title={clashHeadline(clashes)} role="alert" data-clashes={clashes.length}>
      <form onSubmit={submit} aria-label="Settle the clashes">
        <Stack gap="md">
          {clashes.map((clash, index) => {
            const name = `${clash.document} › ${clash.where}`;
            if (!clash.key)
              return (
                <Text key={clash.file} size="sm" data-clash={name}>
                  {clash.document}: {clash.published}
                </Text>
              );
            const by = publishedByWords(clash);
            return (
              <div key={`${clash.file}${clash.key}`} data-clash={name}>
                <Text size="sm" fw={600}>
                  {name}
                </Text>
                <Text size="sm">
                  Published: {clash.published}
                  {by && ` (${by})`}
                </Text>
                <Text size="sm">This change set: {clash.changeSet}</Text>
                {clash.before && <Text size="sm">Before either: {clash.before}</Text>}
                {canSettle && (
                  <Radio.Group
                    label={`Keep for ${name}`}
                    value={picked[index] ?? null}
                    onChange={(value) => setPicked({ ...picked, [index]: value as Picked })}
                    mt={4}
                  >
                    <Stack gap={4} mt={4}>
                      <Radio value="published" label={`The published version: ${clash.published}`} />
                      <Radio value="changeSet" label={`This change set’s: ${clash.changeSet}`} />
                      {clash.texts && <Radio value="own" label="A text of my own" />}
                    </Stack>
                  </Radio.Group>
                )}
                {canSettle && picked[index] === 'own' && clash.texts && (
                  <Textarea
                    label={`Your text for ${name}`}
                    value={texts[index] ?? clash.texts.changeSet}
                    onChange={(event) => setTexts({ ...texts, [index]: event.currentTarget.value })}
                    autosize
                    minRows={1}
                    mt={4}
                  />
                )}
              </div>
            );
          })}
          {!canSettle && <Text size="sm">Someone who edits this change set brings it up to date with a choice per field.</Text>}
          {canSettle && choosable && (
            <>
              <Text size="sm">
                Choosing one of the two versions does not make you one of this change set’s authors: a reviewer who only chose can still
                approve it. A text of your own does.
              </Text>
              <Button
                type="submit"
                variant="default"
                disabled={clashes.some((_, index) => !picked[index]) || settle.isPending}
                loading={settle.isPending}
              >
                Bring up to date with these choices
              </Button>
            </>
          )}
          {canSettle && !choosable && (
            <Text size="sm">A whole file changed on both sides cannot be merged here: ask a developer to merge it in git.</Text>
          )}
          {settle.isError && <Text size="sm">{settle.error.message}</Text>}
        </Stack>
      </form>
    </Alert>
  );
}
