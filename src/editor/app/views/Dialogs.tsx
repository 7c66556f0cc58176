/** The editor's questions: the diff before a save, leaving with unsaved changes (a change on disk: DiskChange.tsx). */
import { Alert, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Blocker } from 'react-router-dom';
import type { DiffLine, PendingLanguage, SaveResponse, SiteVocabulary } from '../../protocol';
import { api } from '../api';
import type { EditorSession } from '../state/session';
import { changesInWords, SHOWN_CHANGES } from '../../shared/change-words';
import { documentInWords, saveDialogWords as words } from '../document-words';
import { blockLabeller } from './block-labeller';
import classes from './editor.module.css';

const lines = (count: number) => (count === 1 ? '1 line' : `${count} lines`);

function Diff({ diff }: { diff: DiffLine[] }) {
  return (
    <div className={classes.diff} role="table" aria-label="Changes to the file">
      {diff.map((line, index) => (
        <div key={index} className={classes.diffLine} data-kind={line.kind} role="row">
          <span role="cell" aria-label="line">
            {line.kind === 'gap' ? '' : (line.newLine ?? line.oldLine)}
          </span>
          <span role="cell" aria-label={line.kind}>
            {line.kind === 'added' ? '+' : line.kind === 'removed' ? '-' : line.kind === 'gap' ? '…' : ''}
          </span>
          <span role="cell">{line.text}</span>
        </div>
      ))}
    </div>
  );
}

/** What the save changes, field by field in words, for the marketer who does not read the diff. */
function ChangesInWords({ session, vocabulary }: { session: EditorSession; vocabulary: SiteVocabulary }) {
  const changes = changesInWords(session.savedDoc, session.doc, blockLabeller(session.payload, vocabulary));
  if (!changes.length) return null;
  return (
    <div>
      <Text size="sm" fw={600}>
        What changes
      </Text>
      <List size="sm" data-changes>
        {changes.slice(0, SHOWN_CHANGES * 2).map((line, index) => (
          <List.Item key={index}>{line}</List.Item>
        ))}
        {changes.length > SHOWN_CHANGES * 2 && <List.Item>and {changes.length - SHOWN_CHANGES * 2} more</List.Item>}
      </List>
    </div>
  );
}

/** Save shows the change in words and the diff of the file first; the file is written only from here. */
export function SaveDialog({
  session,
  vocabulary,
  opened,
  onClose,
  onSaved,
}: {
  session: EditorSession;
  vocabulary: SiteVocabulary;
  opened: boolean;
  onClose: () => void;
  onSaved: (message: string, doc: unknown, pending: PendingLanguage[]) => void;
}) {
  const { file, doc, payload } = session;
  const name = documentInWords(payload, doc);
  const plan = useMutation({ mutationFn: () => api.plan(file, doc) });
  const [outcome, setOutcome] = useState<SaveResponse>();
  const save = useMutation({
    mutationFn: () => session.save(),
    onSuccess: (response) => {
      setOutcome(response);
      if (response.outcome === 'saved') {
        onSaved(words.saved(name, lines(response.removed), lines(response.added)), doc, response.pending);
        onClose();
      } else if (response.outcome === 'conflict') onClose();
    },
  });
  const { mutate: planSave, reset: resetPlan } = plan;
  const { reset: resetSave } = save;
  useEffect(() => {
    if (!opened) return;
    resetSave();
    resetPlan();
    planSave();
  }, [opened, planSave, resetPlan, resetSave]);
  const refused = outcome?.outcome === 'refused' && save.isSuccess ? outcome.message : save.error?.message;
  return (
    <Modal opened={opened} onClose={onClose} title={words.title(name)} size="xl">
      <Stack>
        {plan.isPending && <Loader role="status" aria-label="Preparing the changes" />}
        {plan.isError && <Alert color="red">{plan.error.message}</Alert>}
        {plan.data && (
          <>
            <Text size="sm">
              {plan.data.added + plan.data.removed === 0
                ? words.unchanged
                : words.changed(lines(plan.data.removed), lines(plan.data.added))}
            </Text>
            <ChangesInWords session={session} vocabulary={vocabulary} />
            <Text size="sm" fw={600}>
              {words.diffHeading}
            </Text>
            <Diff diff={plan.data.diff} />
          </>
        )}
        {refused && (
          <Alert color="red" title="Not saved">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {refused}
            </Text>
          </Alert>
        )}
        <Group justify="end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!plan.data || !session.canSave}>
            {words.button}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Leaving with unsaved changes: stay, save and leave (when the draft can be saved), or leave without them. */
export function LeaveDialog({ blocker, session }: { blocker: Blocker; session: EditorSession }) {
  const save = useMutation({
    mutationFn: () => session.save(),
    onSuccess: (response) => {
      if (response.outcome === 'saved') blocker.proceed?.();
      else blocker.reset?.();
    },
  });
  const refused =
    save.data && save.data.outcome !== 'saved'
      ? save.data.outcome === 'refused'
        ? save.data.message
        : 'The file changed on disk.'
      : undefined;
  return (
    <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title="Leave without saving?">
      <Stack>
        <Text size="sm">{words.leave(documentInWords(session.payload, session.doc))}</Text>
        {!session.canSave && <Text size="sm">They cannot be saved as they are: stay to fix what the editor shows.</Text>}
        {(refused ?? save.error?.message) && (
          <Alert color="red" title="Not saved">
            {refused ?? save.error?.message}
          </Alert>
        )}
        <Group justify="end">
          {/* The safe choice has the focus: Enter, pressed at once, keeps what was typed. */}
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            Stay
          </Button>
          {session.canSave && (
            <Button onClick={() => save.mutate()} loading={save.isPending}>
              Save and leave
            </Button>
          )}
          <Button color="red.9" variant="outline" onClick={() => blocker.proceed?.()}>
            Leave and discard my changes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
