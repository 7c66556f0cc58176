/**
 * A change set's publish time on its page: when it publishes by itself and who set it (in the reader's time zone),
 * Cancel; to a reviewer who may publish it, a date and time to set one; and why the last one was dropped.
 */
import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { ChangeSetDetail } from '../../hosted-protocol';
import { hubApi } from './hub-api';
import { publishTimeInWords } from './words';

export function PublishAtControl({ changeSet, onChange }: { changeSet: ChangeSetDetail; onChange: (detail: ChangeSetDetail) => void }) {
  const [time, setTime] = useState('');
  // The input's local date and time, sent with the reader's zone as an instant.
  const set = useMutation({ mutationFn: () => hubApi.publishAt(changeSet.id, new Date(time).toISOString()), onSuccess: onChange });
  const cancel = useMutation({ mutationFn: () => hubApi.cancelPublishAt(changeSet.id), onSuccess: onChange });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (time) set.mutate();
  };
  const error = set.error?.message ?? cancel.error?.message;
  return (
    <>
      {changeSet.publishAtDropped && !changeSet.publishAt && (
        <Alert
          color="orange"
          title={changeSet.publishAtDropped.beforeItsTime ? 'Its publish time was dropped' : 'Not published at its time'}
          role="status"
        >
          {changeSet.publishAtDropped.reason}
        </Alert>
      )}
      {changeSet.publishAt && (
        <Group role="status" aria-label="Publish time">
          <Text size="sm">
            Publishes by itself on {publishTimeInWords(changeSet.publishAt.at)} (set by {changeSet.publishAt.by.name}).
          </Text>
          {changeSet.actions.cancelPublishAt && (
            <Button variant="default" size="xs" onClick={() => cancel.mutate()} loading={cancel.isPending}>
              Cancel the publish time
            </Button>
          )}
        </Group>
      )}
      {changeSet.actions.publish && !changeSet.publishAt && (
        <form onSubmit={submit} aria-label="Publish at a chosen time">
          <Group align="end">
            <TextInput
              type="datetime-local"
              label="Publish at"
              description="In your time zone; it publishes by itself then, as you."
              value={time}
              onChange={(e) => setTime(e.currentTarget.value)}
            />
            <Button type="submit" variant="default" disabled={!time} loading={set.isPending}>
              Publish at this time
            </Button>
          </Group>
        </form>
      )}
      {error && <Alert color="red">{error}</Alert>}
    </>
  );
}
