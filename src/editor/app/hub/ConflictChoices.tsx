/**
 * What Publish could not merge: each field both the published site and this change set changed, with both values and
 * a choice of which to keep. "Bring up to date" merges the published site into the change set with those choices (a
 * commit by the person choosing); it then waits for approval again, as any change after approval does.
 */
import { Alert, Button, Radio, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { ChangeSetDetail, PublishConflict, UpdateRequest } from '../../hosted-protocol';
import { hubApi } from './hub-api';

type Side = 'changeSet' | 'published';

export function ConflictChoices({
  id,
  conflicts,
  onSettled,
}: {
  id: string;
  conflicts: PublishConflict[];
  onSettled: (detail: ChangeSetDetail) => void;
}) {
  const [sides, setSides] = useState<Record<number, Side>>({});
  const settle = useMutation({
    mutationFn: () => {
      const choices: UpdateRequest['choices'] = {};
      conflicts.forEach((conflict, index) => {
        if (conflict.key) (choices[conflict.file] ??= {})[conflict.key] = sides[index];
      });
      return hubApi.update(id, { choices });
    },
    onSuccess: onSettled,
  });
  const choosable = conflicts.every((conflict) => conflict.key);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    settle.mutate();
  };
  return (
    <Alert color="red" title="Not published: the published site changed the same fields" role="alert">
      <form onSubmit={submit} aria-label="Settle the conflicts">
        <Stack gap="sm">
          {conflicts.map((conflict, index) =>
            conflict.key ? (
              <Radio.Group
                key={`${conflict.file}${conflict.key}`}
                label={`${conflict.file}, ${conflict.where}`}
                value={sides[index] ?? null}
                onChange={(side) => setSides({ ...sides, [index]: side as Side })}
              >
                <Stack gap={4} mt={4}>
                  <Radio value="published" label={`Keep the published version: ${conflict.published}`} />
                  <Radio value="changeSet" label={`Keep this change set's: ${conflict.changeSet}`} />
                </Stack>
              </Radio.Group>
            ) : (
              <Text key={conflict.file} size="sm">
                {conflict.file}: {conflict.published}
              </Text>
            ),
          )}
          {choosable ? (
            <Button type="submit" variant="default" disabled={conflicts.some((_, index) => !sides[index])} loading={settle.isPending}>
              Bring up to date with these choices
            </Button>
          ) : (
            <Text size="sm">A whole file changed on both sides cannot be merged here: ask a developer to merge it in git.</Text>
          )}
          {settle.isError && <Text size="sm">{settle.error.message}</Text>}
        </Stack>
      </form>
    </Alert>
  );
}
