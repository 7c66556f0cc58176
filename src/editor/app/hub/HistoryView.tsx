/**
 * A document's history: who changed it, when, and what (the commits' messages in words), each version viewable as the
 * page it rendered, and restorable as a new save (history is never rewritten, and no other file changes) into an open
 * change set of the person's, chosen here, or into a new one. Opened from a change set (the editor's History link),
 * it lists that change set's own saves too and offers it first.
 */
import { Alert, Anchor, Button, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { HOSTED, type HistoryEntry } from '../../hosted-protocol';
import classes from '../views/editor.module.css';
import { hubApi } from './hub-api';
import { whenInWords } from './words';
import { mayChange } from '../../shared/document-permission';

const versionUrl = (file: string, sha: string) => `/history/version?${new URLSearchParams({ file, sha }).toString()}`;

/** The choice that makes a new change set for the restore. */
const NEW = 'new';

/** The document's file name without its folder and `.json` (`story`, `es/story`): when no title came with the link. */
const shortName = (file: string) => file.replace(/^pages-json\/(_translations\/)?/, '').replace(/\.json$/, '');

export function HistoryView() {
  const [params] = useSearchParams();
  const file = params.get('file') ?? '';
  const changeSet = params.get('change') ?? undefined;
  const queryClient = useQueryClient();
  const session = useQuery({ queryKey: ['session'], queryFn: hubApi.session });
  // Their role's permission, and for a translation their language (the server checks both again).
  const mayRestore = Boolean(session.data && mayChange(session.data, file));
  const history = useQuery({
    queryKey: ['history', file, changeSet],
    queryFn: () => hubApi.history(file, changeSet),
    enabled: Boolean(file),
  });
  const targets = useQuery({
    queryKey: ['restore-targets', file],
    queryFn: () => hubApi.restoreTargets(file),
    enabled: Boolean(file) && mayRestore,
  });
  const [chosen, setChosen] = useState<string>();
  // The change set it was opened from when it is one of theirs, else their most recent one, else a new one.
  const into = chosen ?? (targets.data?.some((target) => target.id === changeSet) ? changeSet! : (targets.data?.[0]?.id ?? NEW));
  const [shown, setShown] = useState<HistoryEntry>();
  const restore = useMutation({
    mutationFn: async (entry: HistoryEntry) => {
      const id =
        into === NEW
          ? (await hubApi.createChangeSet(`Restore ${shortName(file)} to the version of ${whenInWords(entry.date)}`.slice(0, 120))).id
          : into;
      return hubApi.restore(id, file, entry.sha);
    },
    onSuccess: async (detail) => {
      setChosen(detail.id);
      await queryClient.invalidateQueries({ queryKey: ['restore-targets', file] });
      await queryClient.invalidateQueries({ queryKey: ['history', file] });
    },
  });
  return (
    <Stack p="md" maw={1400}>
      <Title order={1} size="h2">
        History of “{params.get('name') || shortName(file)}”
      </Title>
      {changeSet && (
        <Anchor component={Link} to={HOSTED.changeSet(changeSet)} size="sm">
          Back to the change set
        </Anchor>
      )}
      {history.isError && <Alert color="red">{history.error.message}</Alert>}
      {mayRestore && targets.data && (
        <NativeSelect
          label="Restore a version into"
          description="An open change set of yours, or a new one: the version becomes a new save there, and nothing else changes."
          maw={520}
          value={into}
          onChange={(event) => setChosen(event.currentTarget.value)}
          data={[...targets.data.map((target) => ({ value: target.id, label: target.title })), { value: NEW, label: 'A new change set' }]}
        />
      )}
      {targets.isError && <Alert color="red">{targets.error.message}</Alert>}
      {restore.isSuccess && (
        <Alert color="green" role="status" title="Restored">
          That version is now a new save in “{restore.data.title}”; nothing else changed.{' '}
          <Anchor component={Link} to={HOSTED.changeSet(restore.data.id)}>
            Open “{restore.data.title}”
          </Anchor>
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
                    {mayRestore && targets.data && (
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => restore.mutate(entry)}
                        loading={restore.isPending && restore.variables.sha === entry.sha}
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
      {session.data && !mayRestore && (
        <Text size="sm">You do not change this document (your role or your languages), so its versions are shown but not restored.</Text>
      )}
      {shown && (
        <figure className={classes.comparison}>
          <figcaption>
            <Text size="sm" fw={600}>
              As {shown.author.name} left it, {whenInWords(shown.date)}
            </Text>
          </figcaption>
          <iframe title={`${file} as of ${whenInWords(shown.date)}`} src={versionUrl(file, shown.sha)} />
        </figure>
      )}
    </Stack>
  );
}
