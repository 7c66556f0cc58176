/** The frame of the hosted editor's pages: who is signed in, with what role, and signing out. */
import { Anchor, Button, Group, Loader, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, Outlet } from 'react-router-dom';
import { HOSTED } from '../../hosted-protocol';
import classes from '../views/editor.module.css';
import { hubApi } from './hub-api';
import { HubLiveUpdates } from './HubLiveUpdates';

export function HubLayout() {
  const session = useQuery({ queryKey: ['session'], queryFn: hubApi.session });
  const signOut = useMutation({ mutationFn: hubApi.signOut, onSuccess: () => window.location.assign(HOSTED.signIn) });
  return (
    <div className={classes.hub}>
      <header className={classes.header} aria-label="Reachwell editor">
        <Group justify="space-between" px="md" h="100%" wrap="nowrap">
          <Anchor component={Link} to="/" fw={700} c="dark">
            Reachwell editor
          </Anchor>
          {session.data && (
            <Group gap="sm" wrap="nowrap">
              <Text size="sm" visibleFrom="sm">
                {session.data.name} ({session.data.role})
              </Text>
              <Button variant="default" size="xs" onClick={() => signOut.mutate()} loading={signOut.isPending}>
                Sign out
              </Button>
            </Group>
          )}
        </Group>
      </header>
      <main className={classes.hubMain}>
        {session.data ? (
          <HubLiveUpdates>
            <Outlet context={session.data} />
          </HubLiveUpdates>
        ) : (
          <Loader role="status" aria-label="Loading" m="xl" />
        )}
      </main>
    </div>
  );
}
