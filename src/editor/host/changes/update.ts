/**
 * Bringing a change set up to date with the published branch: the published head merged into the change set's
 * worktree (the same field-by-field merge as a publish, the other way round), a merge commit by the person, or a
 * fast-forward when the change set has nothing of its own. A conflict leaves the change set as it was, unless the
 * person settled it with a choice.
 */
import { changeSetKey, commitOf, publishedRef, type RepoContext } from './context';
import type { Person } from './git';
import { checkChangeSetId } from './layout';
import { mergeInWorktree, type MergeOutcome } from './merge';
import type { MergeOptions } from './publish';
import { requireEditable, worktreeOf } from './change-sets';
import { crashPoint } from './crash-point';

/** Merges the published branch into the change set, in its worktree: a merge commit by `person`, or a fast-forward. */
export async function updateChangeSet(context: RepoContext, id: string, person: Person, options: MergeOptions = {}): Promise<MergeOutcome> {
  return context.queue.run(changeSetKey(checkChangeSetId(id)), async () => {
    // In its queue: a publish holds it from merge to record, so a change set published meanwhile is refused here.
    const record = await requireEditable(context, id);
    const outcome = await mergeInWorktree(context, {
      worktree: worktreeOf(context, id),
      other: await commitOf(context, publishedRef(context)),
      ours: 'changeSet',
      person,
      fastForward: true,
      message: options.message ?? `Bring “${record.title}” up to date with the published site`,
      ...(options.choices ? { choices: options.choices } : {}),
      ...(options.blockLabel ? { blockLabel: options.blockLabel } : {}),
    });
    crashPoint('after-update-merge');
    return outcome;
  });
}
