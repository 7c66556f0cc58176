/**
 * In the hosted editor, above the document: the fields this change set and the published site changed differently,
 * from the moment a colleague's publish made them collide, with both values and who published the other one, and the
 * way to the change set's page, where they are settled. Asked again every few seconds (the server remembers the
 * answer by the two commits, so asking is cheap).
 */
import { Alert, Anchor, List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { urlOf, type AnswerOf } from '../../endpoint';
import { HOSTED_ENDPOINTS } from '../../hosted-endpoints';
import { HOSTED } from '../../hosted-protocol';
import { clashHeadline, publishedByWords } from '../clash-words';
import { workspace } from '../workspace';

const POLL_MS = 10_000;

async function clashesOf(id: string): Promise<AnswerOf<typeof HOSTED_ENDPOINTS.clashes>> {
  const response = await fetch(urlOf(HOSTED_ENDPOINTS.clashes, { id }));
  if (!response.ok) throw new Error(`The clashes could not be read (${response.status}).`);
  return (await response.json()) as AnswerOf<typeof HOSTED_ENDPOINTS.clashes>;
}

export function ClashNotice() {
  const id = workspace.changeSet?.id;
  const query = useQuery({
    queryKey: ['clashes', id],
    queryFn: () => clashesOf(id!),
    enabled: id !== undefined,
    refetchInterval: POLL_MS,
  });
  const clashes = query.data?.clashes ?? [];
  if (!id || clashes.length === 0) return null;
  return (
    <Alert color="red" mt="xs" title={clashHeadline(clashes)} role="status" data-clash-notice>
      <List size="sm">
        {clashes.map((clash) => {
          const by = publishedByWords(clash);
          return (
            <List.Item key={`${clash.file}${clash.key ?? ''}`}>
              {clash.key
                ? `${clash.document} › ${clash.where}: published ${clash.published}${by ? ` (${by})` : ''}, this change set ${clash.changeSet}`
                : `${clash.document}: ${clash.published}`}
            </List.Item>
          );
        })}
      </List>
      <Text size="sm" mt={4}>
        <Anchor href={HOSTED.changeSet(id)} underline="always">
          Bring it up to date on the change set’s page
        </Anchor>
        , choosing a version for each field.
      </Text>
    </Alert>
  );
}
