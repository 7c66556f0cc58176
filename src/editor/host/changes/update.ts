/**
 * Bringing a change set up to date with the published branch: the published head merged into the change set's
 * worktree (the same field-by-field merge as a publish, the other way round), a merge commit by the person, or a
 * fast-forward when the change set has nothing of its own. A conflict leaves the change set as it was, unless the
 * person settled it with a choice.
 *
 * A merge that only brings in what others wrote (the published site's changes, and a side chosen per conflict)
 * carries the trailer `Editor-Authorship: none`: the person who made it wrote nothing in it, so the review's rules do
 * not count them among its authors (review/authorship.ts). A text of the person's own leaves the trailer out.
 */
import { changeSetKey, commitOf, publishedRef, type RepoContext } from './context';
import type { Person } from './git';
import { checkChangeSetId } from './layout';
import { onlyPicks } from './json-resolve';
import { mergeInWorktree, type MergeOutcome } from './merge';
import type { MergeOptions } from './publish';
import { requireEditable, worktreeOf } from './change-sets';
import { crashPoint } from './crash-point';

/** The trailer of a merge commit whose author only picked versions others wrote (git interpret-trailers reads it). */
export const PICKED_ONLY_TRAILER = 'Editor-Authorship: none (only chose between versions others wrote)';

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
      message: `${options.message ?? `Bring “${record.title}” up to date with the published site`}${
        onlyPicks(options.choices) ? `\n\n${PICKED_ONLY_TRAILER}` : ''
      }`,
      ...(options.choices ? { choices: options.choices } : {}),
      ...(options.sections ? { sections: options.sections } : {}),
    });
    crashPoint('after-update-merge');
    return outcome;
  });
}
