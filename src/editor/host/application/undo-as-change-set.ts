/**
 * Undo a published change set through review: a new change set by the person who asks ("Undo: <title>"), whose one
 * commit, theirs, puts back what that change set's publish changed, field by field on today's published site, leaving
 * later changes to other fields alone (changes/undo-publish.ts, as the immediate undo does it). Where a later publish
 * changed one of the same fields nothing is made, and the answer names that later change set and who published it.
 * The new change set then goes the normal way (submit, review, approve, publish); its record names the one it undoes,
 * whose page shows "Undone in" it (review/undo-links.ts). Its rule is undoAsChangeSetRule (transition-rules.ts).
 */
import type { UndoChangeSetAnswer } from '../../hosted-protocol';
import { NothingToUndo } from '../changes';
import { changeSetAndRecord, HostError, refuseIf, personOf, type HostContext } from '../host-context';
import { clashInWords } from '../review/conflict-words';
import { summaryOf } from '../review/change-set-detail';
import { undoingOf } from '../review/undo-links';
import { undoAsChangeSetRule, type Asker } from './transition-rules';

const TITLE_MAX = 120;

/** The new change set (201), or the later publishes that changed the same fields (409). */
export async function undoAsChangeSet(
  host: HostContext,
  asker: Asker,
  id: string,
): Promise<{ status: 201 | 409; answer: UndoChangeSetAnswer }> {
  const refuseUnlessAllowed = async () => {
    const { record } = await changeSetAndRecord(host, id);
    refuseIf(undoAsChangeSetRule(record, asker, await undoingOf(host, id)));
    return record;
  };
  const record = await refuseUnlessAllowed();
  const title = `Undo: ${record.title}`.slice(0, TITLE_MAX);
  let made: Awaited<ReturnType<HostContext['repo']['createUndo']>>;
  try {
    const request = { id, title: record.title, range: record.published!.range! };
    made = await host.repo.createUndo(request, personOf(asker), title, async () => void (await refuseUnlessAllowed()));
  } catch (error) {
    if (error instanceof NothingToUndo)
      throw new HostError(409, 'Nothing to undo: later publishes already put back every field this change set changed.');
    throw error;
  }
  if (!made.ok) return { status: 409, answer: { outcome: 'conflicts', conflicts: made.conflicts.map(clashInWords) } };
  return { status: 201, answer: { outcome: 'created', changeSet: summaryOf(made.changeSet, made.changeSet) } };
}
