/**
 * The frame of every editor view: a header naming the editor, with the way back to the list of documents; in the
 * hosted editor, the change set being edited and the way back to it.
 */
import { Anchor, Group, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router-dom';
import { HOSTED } from '../../hosted-protocol';
import { workspace } from '../workspace';
import classes from './editor.module.css';
import { MEDIA_WORDS } from '../media/media-words';

export function Layout() {
  return (
    <div className={classes.app}>
      <header className={classes.header} aria-label="Reachwell editor">
        <Group justify="space-between" px="md" h="100%" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Anchor component={Link} to="/" fw={700} c="dark" style={{ whiteSpace: 'nowrap' }}>
              Reachwell editor
            </Anchor>
            <Text size="sm" c="gray.7" visibleFrom="sm">
              {workspace.changeSet
                ? `Change set “${workspace.changeSet.title}”: each save is a commit in it, published only after review.`
                : 'Changes are saved to the JSON files in pages-json/, checked as npm run validate checks them.'}
            </Text>
          </Group>
          <Group gap="md" wrap="nowrap">
            <Anchor component={Link} to="/media" size="sm">
              {MEDIA_WORDS.navLink}
            </Anchor>
            {workspace.changeSet ? (
              <Anchor href={HOSTED.changeSet(workspace.changeSet.id)} size="sm">
                Back to the change set
              </Anchor>
            ) : (
              <Anchor href="/" target="_blank" rel="noopener" size="sm">
                Open the site (new tab)
              </Anchor>
            )}
          </Group>
        </Group>
      </header>
      <Outlet />
    </div>
  );
}
