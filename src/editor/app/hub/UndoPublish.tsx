/**
 * "Undo this publish" on a published change set's page, for a reviewer: a confirmation saying what happens, then the
 * outcome (undone, with its push and serve; or refused, naming the later publish that changed the same fields; or
 * the problems that would break the site). Once undone, who undid it and when.
 */
import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ChangeSetDetail, PublishAnswer } from '../../hosted-protocol';
import { hubApi, hubQueryClient } from './hub-api';
import { ProblemsAlert } from './ProblemsAlert';
import { DeliverySteps } from './SiteServed';
import { laterPublishInWords, UNDO_WORDS, undoneInWords } from './words-undo';

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
      return (
        <Alert color="red" title={UNDO_WORDS.refusedTitle} role="alert">
          <List size="sm">
            {answer.conflicts.map((clash) => (
              <List.Item key={`${clash.file}:${clash.key ?? ''}`}>{laterPublishInWords(clash)}</List.Item>
            ))}
          </List>
          <Text size="sm" mt={4}>
            {UNDO_WORDS.refusedAdvice}
          </Text>
        </Alert>
      );
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
  const confirmRef = useRef<HTMLButtonElement>(null);
  const undo = useMutation({
    mutationFn: () => hubApi.undoPublish(changeSet.id),
    onSuccess: (answer) => {
      setAsking(false);
      if (answer.outcome !== 'published') return;
      void hubQueryClient.invalidateQueries({ queryKey: ['change-set', changeSet.id] });
      void hubQueryClient.invalidateQueries({ queryKey: ['site'] });
    },
  });
  // The confirmation takes the focus: Enter again undoes, Tab reaches "Keep it published".
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);
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
        <section aria-labelledby="undo-title">
          <Title order={2} size="h4" id="undo-title">
            {UNDO_WORDS.confirmTitle}
          </Title>
          <Text size="sm" maw={700} my="xs">
            {UNDO_WORDS.confirmBody}
          </Text>
          <Group gap="xs">
            <Button ref={confirmRef} color="red.9" onClick={() => undo.mutate()} loading={undo.isPending}>
              {UNDO_WORDS.confirm}
            </Button>
            <Button variant="default" onClick={() => setAsking(false)} disabled={undo.isPending}>
              {UNDO_WORDS.keep}
            </Button>
          </Group>
        </section>
      )}
      {undo.isError && <Alert color="red">{undo.error.message}</Alert>}
      {undo.data && <UndoOutcome answer={undo.data} />}
    </Stack>
  );
}
