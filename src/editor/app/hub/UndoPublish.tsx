/**
 * "Undo now" on a published change set's page, for an admin (it skips review; anyone else asks for an undo as a change
 * set, UndoAsChangeSet.tsx): a confirmation saying what happens, then the outcome (undone, with its push and serve;
 * or refused, naming the later publish that changed the same fields; or the problems that would break the site).
 * Once undone, who undid it and when.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChangeSetDetail, PublishAnswer } from '../../hosted-protocol';
import { hubApi, hubQueryClient } from './hub-api';
import { ProblemsAlert } from './ProblemsAlert';
import { DeliverySteps } from './SiteServed';
import { LaterPublishes, UndoConfirm } from './UndoParts';
import { UNDO_WORDS, undoneInWords } from './words-undo';

function UndoOutcome({ answer }: { answer: PublishAnswer }) {
  switch (answer.outcome) {
    case 'published':
      return (
        <>
          <Alert color="green" title={UNDO_WORDS.doneTitle} role="status">
            {answer.summary}
          </Alert>
          <DeliverySteps push={answer.push} serve={answer.serve} />
        </>
      );
    case 'conflicts':
      return <LaterPublishes title={UNDO_WORDS.refusedTitle} advice={UNDO_WORDS.refusedAdvice} conflicts={answer.conflicts} />;
    case 'invalid':
      return <ProblemsAlert title={UNDO_WORDS.invalidTitle} problems={answer.problems} />;
    case 'refused':
      return (
        <Alert color="red" role="alert">
          {answer.message}
        </Alert>
      );
  }
}

export function UndoPublish({ changeSet }: { changeSet: ChangeSetDetail }) {
  const [asking, setAsking] = useState(false);
  const undo = useMutation({
    mutationFn: () => hubApi.undoPublish(changeSet.id),
    onSuccess: (answer) => {
      setAsking(false);
      if (answer.outcome !== 'published') return;
      void hubQueryClient.invalidateQueries({ queryKey: ['change-set', changeSet.id] });
      void hubQueryClient.invalidateQueries({ queryKey: ['site'] });
    },
  });
  return (
    <Stack gap="xs" align="start">
      {changeSet.undone && (
        <Text size="sm" role="status" data-undone>
          {undoneInWords(changeSet.undone)}
        </Text>
      )}
      {changeSet.actions.undo && !asking && (
        <Button variant="default" onClick={() => setAsking(true)} aria-expanded={asking}>
          {UNDO_WORDS.button}
        </Button>
      )}
      {asking && (
        <UndoConfirm
          headingId="undo-title"
          words={UNDO_WORDS}
          pending={undo.isPending}
          onConfirm={() => undo.mutate()}
          onKeep={() => setAsking(false)}
        />
      )}
      {undo.isError && <Alert color="red">{undo.error.message}</Alert>}
      {undo.data && <UndoOutcome answer={undo.data} />}
    </Stack>
  );
}
