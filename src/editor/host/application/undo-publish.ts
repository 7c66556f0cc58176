/**
 * Undo a publish at once, without review, the way a git team reverts a merge: an admin undoes a published change set with a new commit on
 * the published branch that puts back what exactly that publish changed, field by field, keeping everything
 * published since (changes/undo-publish.ts). Where a later publish changed one of the same fields, nothing happens
 * and the answer names that later change set and who published it: undo that one first, or change the field by hand
 * in a new change set. Otherwise it goes the way of a publish: the whole site validated (nothing moves if it would
 * not be valid), the published branch moved and the change set's record marked undone (by whom, when, which
 * commit) in one transaction, then pushed to the team's remote and served on this machine. A kill -9 at any step
 * is finished or dropped at the next start as a publish's is (recover-at-start.ts): the candidate is dropped, or the
 * branch and record moved together, and the push and serve resume. Its rule is undoPublishRule (transition-rules.ts);
 * anyone else asks for the same undo as a change set to review (undo-as-change-set.ts).
 */
import type { PublishAnswer } from '../../hosted-protocol';
import { crashPoint, NothingToUndo } from '../changes';
import { changeSetAndRecord, HostError, personOf, refuseIf, type HostContext } from '../host-context';
import { clashInWords } from '../review/conflict-words';
import { undoingOf } from '../review/undo-links';
import { pushStep, serveStep } from './publish';
import { undoPublishRule, type Asker } from './transition-rules';

/** The undo's answer, with its status: 200 undone, 409 a later publish changed the same fields, 422 not valid. */
export async function undoPublish(
  host: HostContext,
  asker: Asker,
  id: string,
): Promise<{ status: 200 | 409 | 422; answer: PublishAnswer }> {
  const { record } = await changeSetAndRecord(host, id);
  refuseIf(undoPublishRule(record, asker, await undoingOf(host, id)));
  const person = personOf(asker);
  const range = record.published!.range!;
  let result: Awaited<ReturnType<HostContext['repo']['undoPublish']>>;
  try {
    result = await host.repo.undoPublish(
      { id, title: record.title, range },
      person,
      // Checked again in its turn, on the record as it is now (two admins pressing at once: one undoes it).
      async (candidate) => {
        const now = await host.repo.record(id);
        const refused = undoPublishRule(now, asker, await undoingOf(host, id));
        return refused ? [refused.message] : host.workspaces.siteErrors(candidate.worktree);
      },
      (r, candidate) => {
        r.undone = { by: person, date: host.now().toISOString(), commit: candidate.sha };
      },
    );
  } catch (error) {
    if (error instanceof NothingToUndo)
      throw new HostError(409, 'Nothing to undo: later publishes already put back every field this change set changed.');
    throw error;
  }
  if (!result.ok && result.conflicts)
    return { status: 409, answer: { outcome: 'conflicts', conflicts: result.conflicts.map(clashInWords) } };
  if (!result.ok) return { status: 422, answer: { outcome: 'invalid', problems: result.problems } };

  // Pushed, then served, as after a publish; after a crash from here on, the next start does them.
  const pushed = await host.team.afterPublish(person);
  crashPoint('after-push');
  const served = host.site ? await host.site.serve(pushed.merged ?? result.sha) : undefined;
  return {
    status: 200,
    answer: {
      outcome: 'published',
      commit: result.sha,
      summary: `Undone as ${result.sha.slice(0, 8)}: the published site has what it had before this change set.`,
      pushed: pushed.push.state === 'pushed',
      push: pushStep(pushed),
      served: served?.ok ?? false,
      serve: serveStep(served),
    },
  };
}
