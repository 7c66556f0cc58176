/**
 * What the editor shows when the document is saved elsewhere (in the hosted editor a colleague's save, in the local
 * one a change of the file on disk) while there are unsaved changes (state/merge-on-disk-change.ts; the words:
 * other-save-words.ts):
 * what the other side changed, once merged with the draft, in words ("Hero › Subheading: “old” → “new”"); and,
 * when both changed the same fields, a dialog listing each of them with both versions and a choice for each. The
 * translation editor shows the same two for its texts (MergedNote and MergeChoice with its own wording).
 */
import { Alert, Button, Group, List, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { fieldWords } from '../../shared/field-words';
import type { SiteVocabulary } from '../../protocol';
import type { Path } from '../../shared/json-path';
import type { EditorSession } from '../state/session';
import type { Choice, MergeConflict, TheirChange } from '../../shared/three-way-merge';
import type { useMergeOnDiskChange } from '../state/merge-on-disk-change';
import { changeWords, describe, SHOWN_CHANGES, type Labeller } from '../../shared/change-words';
import { blockLabeller } from './block-labeller';
import { otherSaveWords, type SavedBy } from '../other-save-words';
import classes from './editor.module.css';

type DiskMerge = ReturnType<typeof useMergeOnDiskChange>;

/** How a merge names what it merged: the page editor by sections and fields, the translation editor by texts. */
export interface MergeWording {
  words: (by: SavedBy) => ReturnType<typeof otherSaveWords>;
  /** A field both changed. */
  field: (conflict: MergeConflict, docs: { mine: unknown; theirs: unknown }) => string;
  /** A change of the other side's, kept. */
  change: (change: TheirChange, docs: { base: unknown; theirs: unknown }) => string;
  /** Whether a version the editor cannot read can be loaded (a translation's cannot: it is refused until fixed). */
  loadsUnreadable: boolean;
}

function pageWording(session: EditorSession, vocabulary: SiteVocabulary): MergeWording {
  const label = blockLabeller(session.payload, vocabulary);
  return {
    words: (by) => otherSaveWords(by, session.payload.kind, session.payload.display),
    field: (conflict, docs) => conflictWords(conflict, docs, label),
    change: (change, docs) => changeWords(change, docs, label),
    loadsUnreadable: true,
  };
}

/** The page editor's note of what a colleague's save merged in. */
export function MergedNotice({ session, vocabulary }: { session: EditorSession; vocabulary: SiteVocabulary }) {
  return <MergedNote disk={session.disk} wording={pageWording(session, vocabulary)} />;
}

/** The page editor's choice for the fields both changed. */
export function MergeDialog({ session, vocabulary }: { session: EditorSession; vocabulary: SiteVocabulary }) {
  return <MergeChoice disk={session.disk} wording={pageWording(session, vocabulary)} />;
}

/** The colleague's changes taken into the draft: a note under the toolbar until dismissed. */
export function MergedNote({ disk, wording }: { disk: DiskMerge; wording: MergeWording }) {
  const notice = disk.merged;
  if (!notice) return null;
  const lines = notice.changes.map((change) => wording.change(change, notice));
  const words = wording.words(notice.by);
  return (
    <Alert
      color="blue"
      mx="md"
      my="xs"
      role="status"
      title={words.mergedTitle}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={disk.dismissMerged}
      data-merged
    >
      <Text size="sm">
        {words.mergedIntro}
        {notice.chosen ? `, with your choice for ${notice.chosen === 1 ? 'the field' : `${notice.chosen} fields`} you both changed` : ''}
        {lines.length ? `, ${words.theirsKept}` : '.'}
      </Text>
      {lines.length > 0 && (
        <List size="sm" mt={4}>
          {lines.slice(0, SHOWN_CHANGES).map((line, index) => (
            <List.Item key={index}>{line}</List.Item>
          ))}
          {lines.length > SHOWN_CHANGES && <List.Item>and {lines.length - SHOWN_CHANGES} more</List.Item>}
        </List>
      )}
      <Text size="sm" mt={4}>
        Save to write the merged version.
      </Text>
    </Alert>
  );
}

/** The words of a field both sides changed: where it is, on the side that still has it. */
function conflictWords(conflict: MergeConflict, docs: { mine: unknown; theirs: unknown }, label: Labeller) {
  const [doc, path]: [unknown, Path] = conflict.minePath ? [docs.mine, conflict.minePath] : [docs.theirs, conflict.theirsPath ?? []];
  const where = fieldWords(doc, path, label);
  return conflict.kind === 'order' ? `${where}: their order` : where;
}

/** The fields both changed, each with both versions and a choice; nothing is written until the marketer saves. */
export function MergeChoice({ disk, wording }: { disk: DiskMerge; wording: MergeWording }) {
  const { pending } = disk;
  // The choices made for this change on disk (another change starts with none).
  const [picked, setPicked] = useState<{ of?: typeof pending; choices: Record<string, Choice> }>({ choices: {} });
  const choices = picked.of === pending ? picked.choices : {};
  if (!pending) return null;
  const words = wording.words(pending.by);
  if (pending.kind === 'unreadable')
    return (
      <Modal opened onClose={() => undefined} withCloseButton={false} title={words.choiceTitle} size="lg">
        <Stack>
          <Text size="sm">{words.unmergeable(pending.hash === null)}</Text>
          <Stack gap="xs">
            {pending.hash !== null && wording.loadsUnreadable && (
              <Button variant="default" className={classes.wrappingButton} onClick={() => void disk.discardMine()}>
                {words.takeTheirs}
              </Button>
            )}
            <Button className={classes.wrappingButton} onClick={disk.keepMine}>
              {words.keepMine(pending.hash === null)}
            </Button>
          </Stack>
        </Stack>
      </Modal>
    );
  const both = pending.conflicts.length;
  const others = pending.theirChanges.map((change) => wording.change(change, { base: pending.base, theirs: pending.disk.doc }));
  return (
    <Modal opened onClose={() => undefined} withCloseButton={false} title={words.choiceTitle} size="xl" aria-describedby="merge-intro">
      <Stack>
        <Text size="sm" id="merge-intro">
          {words.choiceIntro} You both changed {both === 1 ? 'one field' : `${both} fields`}: choose which version to keep for each.
        </Text>
        {pending.conflicts.map((conflict) => {
          const chosen = choices[conflict.key] ?? 'mine';
          const name = wording.field(conflict, { mine: pending.mine, theirs: pending.disk.doc });
          return (
            <Radio.Group
              key={conflict.key}
              name={`merge-${conflict.key}`}
              label={name}
              description={`When you opened it: ${describe(conflict.base)}`}
              value={chosen}
              onChange={(value) => setPicked({ of: pending, choices: { ...choices, [conflict.key]: value as Choice } })}
              data-conflict={conflict.key}
            >
              <Stack gap={6} mt={6}>
                <Radio value="mine" label={`${words.mine}: ${describe(conflict.mine)}`} />
                <Radio value="theirs" label={`${words.theirs}: ${describe(conflict.theirs)}`} />
              </Stack>
            </Radio.Group>
          );
        })}
        {others.length > 0 && (
          <div>
            <Text size="sm" fw={600}>
              {words.alsoTheirs}
            </Text>
            <List size="sm">
              {others.slice(0, SHOWN_CHANGES).map((line, index) => (
                <List.Item key={index}>{line}</List.Item>
              ))}
              {others.length > SHOWN_CHANGES && <List.Item>and {others.length - SHOWN_CHANGES} more</List.Item>}
            </List>
          </div>
        )}
        <Group justify="space-between" gap="xs">
          <Button variant="default" className={classes.wrappingButton} onClick={() => void disk.discardMine()}>
            {words.takeTheirs}
          </Button>
          <Button className={classes.wrappingButton} onClick={() => disk.resolve(choices)}>
            Merge with these choices
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
