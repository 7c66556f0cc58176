/**
 * What happened after the published branch moved, each step on its own: pushed to the team's repository or not, and
 * the site on this server served or not. A step that failed is red, says what to do, and the serve offers "Serve
 * again" (POST /api/site/serve). The change set's page shows the site's last serve after a reload too (GET /api/site).
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { DeliveryStep, ServedState, SiteAnswer } from '../../hosted-protocol';
import { hubApi, hubQueryClient } from './hub-api';
import { whenInWords } from './words';

const SITE_QUERY = ['site'];

function ServeAgain() {
  const serve = useMutation({
    mutationFn: () => hubApi.serveAgain(),
    onSuccess: (answer) => hubQueryClient.setQueryData(SITE_QUERY, answer),
  });
  return (
    <Stack gap={4} mt="xs" align="start">
      <Button size="xs" color="red.9" onClick={() => serve.mutate()} loading={serve.isPending}>
        Serve again
      </Button>
      {serve.isError && <Text size="sm">{serve.error.message}</Text>}
    </Stack>
  );
}

const WHAT_TO_DO =
  'The published site is safe in git; only the copy on this server is behind. Put right what the message names (or ask ' +
  'whoever runs the server), then serve again.';

/** A serve that did not happen, in red, with what to do and "Serve again" when the person may. */
function NotServed({ message, at, mayServe }: { message: string; at?: string; mayServe: boolean }) {
  return (
    <Alert color="red" title="Not served: the site on this server still shows the version before" role="alert" data-served="failed">
      <Text size="sm">
        {message}
        {at && ` (tried ${whenInWords(at)})`}
      </Text>
      <Text size="sm" mt={4}>
        {WHAT_TO_DO}
      </Text>
      {mayServe ? <ServeAgain /> : <Text size="sm">A reviewer or an admin can serve it again.</Text>}
    </Alert>
  );
}

function ServedNow({ served }: { served: ServedState }) {
  return (
    <Alert color="green" title="Served on this server" role="status" data-served="done">
      <Text size="sm">
        {served.summary} ({whenInWords(served.at)}).
      </Text>
    </Alert>
  );
}

/** The site's last serve, as the server keeps it: shown on a published change set's page. */
export function SiteServedState() {
  const query = useQuery({ queryKey: SITE_QUERY, queryFn: () => hubApi.site() });
  const site: SiteAnswer | undefined = query.data;
  if (!site?.servesSite || !site.served) return null;
  const { served } = site;
  if (!served.ok) return <NotServed message={`Not served: ${served.summary}`} at={served.at} mayServe={site.mayServe} />;
  return served.commit === site.published ? <ServedNow served={served} /> : null;
}

/** The push and the serve of a publish just made, each shown on its own. */
export function DeliverySteps({ push, serve }: { push: DeliveryStep; serve: DeliveryStep }) {
  const site = useQuery({ queryKey: SITE_QUERY, queryFn: () => hubApi.site() });
  // After "Serve again", the site's last serve says more than this publish's answer.
  const latest = site.data?.served?.commit === site.data?.published ? site.data?.served : undefined;
  const failed = latest ? !latest.ok : serve.state === 'failed';
  return (
    <>
      {push.state === 'failed' && (
        <Alert color="red" title="Not pushed to the team’s repository" role="alert" data-pushed="failed">
          <Text size="sm">{push.message}</Text>
        </Alert>
      )}
      {push.state === 'done' && <Text size="sm">{push.message}</Text>}
      {failed && (
        <NotServed
          message={latest ? `Not served: ${latest.summary}` : serve.message}
          at={latest?.at}
          mayServe={site.data?.mayServe ?? false}
        />
      )}
      {!failed && serve.state === 'failed' && latest && <ServedNow served={latest} />}
      {serve.state === 'done' && <Text size="sm">{serve.message}</Text>}
    </>
  );
}
