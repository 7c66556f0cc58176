/**
 * What both undos of a published change set show (UndoAsChangeSet.tsx through review, UndoPublish.tsx at once): the
 * confirmation that says what happens, which takes the focus (Enter again confirms, Tab reaches the way out), and the
 * refusal naming each later publish that changed one of the same fields.
 */
import { Alert, Button, Group, List, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { Clash } from '../../hosted-protocol';
import { laterPublishInWords } from './words-undo';

interface ConfirmWords {
  confirmTitle: string;
  confirmBody: string;
  confirm: string;
  keep: string;
}

export function UndoConfirm({
  headingId,
  words,
  pending,
  onConfirm,
  onKeep,
}: {
  /** The heading's id: the section is named by it. */
  headingId: string;
  words: ConfirmWords;
  pending: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmRef.current?.focus(), []);
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {words.confirmTitle}
      </Title>
      <Text size="sm" maw={700} my="xs">
        {words.confirmBody}
      </Text>
      <Group gap="xs">
        <Button ref={confirmRef} color="red.9" onClick={onConfirm} loading={pending}>
          {words.confirm}
        </Button>
        <Button variant="default" onClick={onKeep} disabled={pending}>
          {words.keep}
        </Button>
      </Group>
    </section>
  );
}

export function LaterPublishes({ title, advice, conflicts }: { title: string; advice: string; conflicts: Clash[] }) {
  return (
    <Alert color="red" title={title} role="alert">
      <List size="sm">
        {conflicts.map((clash) => (
          <List.Item key={`${clash.file}:${clash.key ?? ''}`}>{laterPublishInWords(clash)}</List.Item>
        ))}
      </List>
      <Text size="sm" mt={4}>
        {advice}
      </Text>
    </Alert>
  );
}
