/**
 * A person's starting page: the change sets (their own first, then those waiting for review), and a new one. A change
 * set is where edits go until it is published: nothing reaches the site before a colleague has approved it.
 */
import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { HOSTED, type ChangeSetSummary } from '../../hosted-protocol';
import { hubApi, SLOW_POLL_MS } from './hub-api';
import { publishTimeInWords, whenInWords } from './words';
import { statusInWords } from './words-undo';

function Row({ changeSet }: { changeSet: ChangeSetSummary }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={HOSTED.changeSet(changeSet.id)}>
          {changeSet.title}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Badge variant="outline" color="dark" tt="none">
          {statusInWords(changeSet)}
        </Badge>
        {changeSet.publishAt && (
          <Text size="xs" mt={4}>
            Publishes {publishTimeInWords(changeSet.publishAt.at)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{changeSet.owner.name}</Table.Td>
      <Table.Td>{whenInWords(changeSet.updatedAt)}</Table.Td>
      <Table.Td>{changeSet.commits}</Table.Td>
    </Table.Tr>
  );
}

export function ChangeSetList() {
  // The live stream refreshes them when a change set moves (HubLiveUpdates); the slow poll is for a stream that cannot connect.
  const changeSets = useQuery({ queryKey: ['change-sets'], queryFn: hubApi.changeSets, refetchInterval: SLOW_POLL_MS });
  const closed = useQuery({ queryKey: ['change-sets', 'closed'], queryFn: hubApi.closedChangeSets, refetchInterval: SLOW_POLL_MS });
  const [title, setTitle] = useState('');
  const create = useMutation({
    mutationFn: () => hubApi.createChangeSet(title.trim()),
    // Straight into the editor: a change set is made to edit in.
    onSuccess: (made) => window.location.assign(HOSTED.editBase(made.id)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim()) create.mutate();
  };
  const open = (changeSets.data ?? []).filter((changeSet) => changeSet.status !== 'published' && changeSet.status !== 'closed');
  const done = (changeSets.data ?? []).filter((changeSet) => changeSet.status === 'published');
  return (
    <Stack p="md" maw={1100}>
      <Title order={1} size="h2">
        Change sets
      </Title>
      <Text size="sm">Your edits are saved in a change set. When it is ready, submit it; a reviewer approves and publishes it.</Text>
      <form onSubmit={submit} aria-label="New change set">
        <Group align="end" wrap="wrap">
          <TextInput
            label="New change set"
            description="What it is for, in a few words: “Spring prices”, “New use case: appointment reminders”"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            maxLength={120}
            style={{ flex: '1 1 18rem' }}
          />
          <Button type="submit" loading={create.isPending} disabled={!title.trim()}>
            Start editing
          </Button>
        </Group>
      </form>
      {create.isError && <Alert color="red">{create.error.message}</Alert>}
      {changeSets.isError && <Alert color="red">{changeSets.error.message}</Alert>}
      {[
        ['Open', open],
        ['Published', done],
        ['Closed', closed.data ?? []],
      ].map(([heading, list]) =>
        (list as ChangeSetSummary[]).length ? (
          <section key={heading as string} aria-label={heading as string}>
            <Title order={2} size="h4" mb="xs">
              {heading as string}
            </Title>
            <Table.ScrollContainer minWidth={560}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Title</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>By</Table.Th>
                    <Table.Th>Last change</Table.Th>
                    <Table.Th>Saves</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(list as ChangeSetSummary[]).map((changeSet) => (
                    <Row key={changeSet.id} changeSet={changeSet} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </section>
        ) : null,
      )}
      {changeSets.data?.length === 0 && <Text>No change sets yet: start one above.</Text>}
    </Stack>
  );
}
