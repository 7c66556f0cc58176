/**
 * "Undo this change set" on a published change set's page, for an editor, a reviewer or an admin: a confirmation
 * saying what happens, then the new change set's page (it is theirs, to submit for review), or the refusal naming
 * the later publish that changed the same fields.
 */
import { Alert, Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { HOSTED, type ChangeSetDetail } from '../../hosted-protocol';
import { hubApi, hubQueryClient } from './hub-api';
import { LaterPublishes, UndoConfirm } from './UndoParts';
import { UNDO_CHANGE_SET_WORDS as WORDS } from './words-undo';

export function UndoAsChangeSet({ changeSet }: { changeSet: ChangeSetDetail }) {
  const [asking, setAsking] = useState(false);
  const navigate = useNavigate();
  const undo = useMutation({
    mutationFn: () => hubApi.undoAsChangeSet(changeSet.id),
    onSuccess: (answer) => {
      setAsking(false);
      if (answer.outcome !== 'created') return;
      void hubQueryClient.invalidateQueries({ queryKey: ['change-set', changeSet.id] });
      void hubQueryClient.invalidateQueries({ queryKey: ['change-sets'] });
      void navigate(HOSTED.changeSet(answer.changeSet.id));
    },
  });
  if (!changeSet.actions.undoAsChangeSet && !undo.data && !undo.isError) return null;
  return (
    <Stack gap="xs" align="start">
      {changeSet.actions.undoAsChangeSet && !asking && (
        <Button variant="default" onClick={() => setAsking(true)} aria-expanded={asking}>
          {WORDS.button}
        </Button>
      )}
      {asking && (
        <UndoConfirm
          headingId="undo-change-set-title"
          words={WORDS}
          pending={undo.isPending}
          onConfirm={() => undo.mutate()}
          onKeep={() => setAsking(false)}
        />
      )}
      {undo.isError && (
        <Alert color="red" role="alert">
          {undo.error.message}
        </Alert>
      )}
      {undo.data?.outcome === 'conflicts' && (
        <LaterPublishes title={WORDS.refusedTitle} advice={WORDS.refusedAdvice} conflicts={undo.data.conflicts} />
      )}
    </Stack>
  );
}
