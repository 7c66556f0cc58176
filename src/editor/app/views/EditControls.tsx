/**
 * The right end of an editor's toolbar, the same for a document and its translation: whether the changes are saved,
 * the status in words, Undo, Redo and the save button with what it does (or why it cannot) in its tooltip.
 */
import { ActionIcon, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp } from '@tabler/icons-react';
import { StatusBadge, type StatusTone } from './StatusBadge';

interface EditControlsProps {
  session: { dirty: boolean; canUndo: boolean; canRedo: boolean; undo: () => void; redo: () => void };
  status: { tone: StatusTone; text: string };
  /** The save button's words ("Save…" opens a dialog; "Save" saves). */
  saveLabel: string;
  canSave: boolean;
  /** What saving does, or why it is off. */
  saveHint: string;
  onSave: () => void;
}

export function EditControls({ session, status, saveLabel, canSave, saveHint, onSave }: EditControlsProps) {
  return (
    <Group gap="xs">
      <Text size="sm" aria-live="polite" data-status={session.dirty ? 'unsaved' : 'saved'}>
        {session.dirty ? 'Unsaved changes' : 'All changes saved'}
      </Text>
      <StatusBadge tone={status.tone} data-check-status>
        {status.text}
      </StatusBadge>
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
        <Button onClick={onSave} disabled={!canSave} data-disabled={!canSave || undefined}>
          {saveLabel}
        </Button>
      </Tooltip>
    </Group>
  );
}
