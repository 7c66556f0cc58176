/**
 * A document's history: who changed it, when, and what (the commits' messages in words), each version viewable as the
 * page it rendered, and restorable into a change set as a new save (history is never rewritten, and no other file changes).
 */
import { Alert, Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { HOSTED, type HistoryEntry } from '../../hosted-protocol';
import classes from '../views/editor.module.css';
import { hubApi, hubLinks } from './hub-api';
import { whenInWords } from './words';

export function HistoryView() {
  const [params] = useSearchParams();
  const file = params.get('file') ?? '';
  const changeSet = params.get('change') ?? undefined;
  const history = useQuery({ queryKey: ['history', file], queryFn: () => hubApi.history(file), enabled: Boolean(file) });
  const [shown, setShown] = useState<HistoryEntry>();
  const restore = useMutation({ mutationFn: (sha: string) => hubApi.restore(changeSet!, file, sha) });
  return (
    <Stack p="md" maw={1400}>
      <Title order={1} size="h2">
        History of {file}
      </Title>
      {changeSet && (
        <Anchor component={Link} to={HOSTED.changeSet(changeSet)} size="sm">
          Back to the change set
        </Anchor>
      )}
      {history.isError && <Alert color="red">{history.error.message}</Alert>}
      {restore.isSuccess && (
        <Alert color="green" role="status" title="Restored">
          That version is now a new save in the change set; nothing else changed.
        </Alert>
      )}
      {restore.isError && <Alert color="red">{restore.error.message}</Alert>}
      <Table.ScrollContainer minWidth={560}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th>Version</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(history.data ?? []).map((entry) => (
              <Table.Tr key={entry.sha} data-sha={entry.sha}>
                <Table.Td>{whenInWords(entry.date)}</Table.Td>
                <Table.Td>{entry.author.name}</Table.Td>
                <Table.Td>{entry.message}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="default" onClick={() => setShown(entry)} aria-pressed={shown?.sha === entry.sha}>
                      View
                    </Button>
                    {changeSet && (
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => restore.mutate(entry.sha)}
                        loading={restore.isPending && restore.variables === entry.sha}
                      >
                        Restore
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!changeSet && <Text size="sm">To restore a version, open this history from a change set.</Text>}
      {shown && (
        <figure className={classes.comparison}>
          <figcaption>
            <Text size="sm" fw={600}>
              As {shown.author.name} left it, {whenInWords(shown.date)}
            </Text>
          </figcaption>
          <iframe title={`${file} as of ${whenInWords(shown.date)}`} src={hubLinks.version(file, shown.sha)} />
        </figure>
      )}
    </Stack>
  );
}
