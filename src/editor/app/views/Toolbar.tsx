/** The bar above a document: which file, its state (unsaved, checking, errors), undo, redo and save. */
import { ActionIcon, Alert, Anchor, Badge, Button, CloseButton, Group, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp } from '@tabler/icons-react';
import { useState } from 'react';
import type { EditorSession } from '../state/session';
import { SaveDialog } from './Dialogs';
import classes from './editor.module.css';

function state(session: EditorSession): { text: string; color: string } {
  const errors = session.errors;
  const warnings = session.problems.filter((problem) => problem.severity === 'warning').length;
  if (errors) return { text: errors === 1 ? '1 error' : `${errors} errors`, color: 'red.9' };
  if (!session.checked) return { text: 'Checking…', color: 'gray.8' };
  if (warnings) return { text: warnings === 1 ? '1 warning' : `${warnings} warnings`, color: 'yellow.4' };
  // Darker than Mantine's green 9 (#2b8a3e, 4.4:1 under white text): small bold badge text needs 4.5:1.
  return { text: 'Valid', color: '#267a37' };
}

export function Toolbar({ session, notes }: { session: EditorSession; notes?: string[] }) {
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string>();
  const [notesShown, setNotesShown] = useState(true);
  const { payload } = session;
  const status = state(session);
  const saveHint = session.conflict
    ? 'The file changed on disk: choose a version first'
    : session.errors
      ? 'Fix the errors first'
      : !session.dirty
        ? 'No changes to save'
        : !session.checked
          ? 'Checking the draft with the whole site…'
          : 'Show the changes, then save';
  return (
    <div className={classes.toolbar}>
      <Group justify="space-between" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <div style={{ minWidth: 0 }}>
            <Title order={1} size="h4" lineClamp={1}>
              {payload.kind === 'page'
                ? String((session.doc as { meta?: { title?: unknown } })?.meta?.title ?? payload.file)
                : payload.display}
            </Title>
            <Text size="xs" c="gray.8">
              {payload.display}
              {payload.route && (
                <>
                  {' · '}
                  <Anchor href={payload.route} target="_blank" size="xs" underline="always">
                    {payload.route}
                  </Anchor>
                </>
              )}
              {payload.template && ` · ${payload.template.name} template`}
            </Text>
          </div>
        </Group>
        <Group gap="xs">
          <Text size="sm" aria-live="polite" data-status={session.dirty ? 'unsaved' : 'saved'}>
            {session.dirty ? 'Unsaved changes' : 'All changes saved'}
          </Text>
          <Badge color={status.color} c={status.color === 'yellow.4' ? 'dark' : undefined} tt="none" data-check-status>
            {status.text}
          </Badge>
          <Tooltip label="Undo (Ctrl+Z)">
            <ActionIcon variant="default" size="lg" aria-label="Undo" onClick={session.undo} disabled={!session.canUndo}>
              <IconArrowBackUp size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Redo (Ctrl+Shift+Z)">
            <ActionIcon variant="default" size="lg" aria-label="Redo" onClick={session.redo} disabled={!session.canRedo}>
              <IconArrowForwardUp size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={saveHint}>
            <Button onClick={() => setSaving(true)} disabled={!session.canSave} data-disabled={!session.canSave || undefined}>
              Save…
            </Button>
          </Tooltip>
        </Group>
      </Group>
      {session.serverError && (
        <Alert color="red" mt="xs" title="The dev server did not answer">
          {session.serverError}
        </Alert>
      )}
      {session.renderError && (
        <Alert color="red" mt="xs" title="The page does not render">
          {session.renderError}
        </Alert>
      )}
      {(saved || session.notice) && (
        <Alert
          color="green"
          mt="xs"
          role="status"
          withCloseButton
          onClose={() => (saved ? setSaved(undefined) : session.dismissNotice())}
          closeButtonLabel="Dismiss"
        >
          {saved ?? session.notice}
        </Alert>
      )}
      {notes && notes.length > 0 && notesShown && (
        <Alert color="blue" mt="xs" title="New page created" role="status">
          <Group justify="space-between" align="start" wrap="nowrap">
            <div>
              <Text size="sm">Replace every TODO text; the page can be saved meanwhile, but not published.</Text>
              {notes.map((note) => (
                <Text size="sm" key={note}>
                  {note}
                </Text>
              ))}
            </div>
            <CloseButton aria-label="Dismiss" onClick={() => setNotesShown(false)} />
          </Group>
        </Alert>
      )}
      <SaveDialog session={session} opened={saving} onClose={() => setSaving(false)} onSaved={setSaved} />
    </div>
  );
}
