/**
 * Which change set undoes which: a change set made to undo another names it in its record (`undoes`), and the one it
 * undoes is found from there, never written twice (nothing to keep in step, no second record to move at its
 * publish). A closed undo does not count: another may be asked for. Nor does a published undo that was itself undone
 * (at once, or by a published undo of its own): the original's changes are on the site again, and may be undone again.
 */
import type { ChangeSetSummary } from '../../hosted-protocol';
import type { ChangeSetRecord } from '../changes';
import type { HostContext } from '../host-context';

/** Among `records`, the ones made to undo another that are open or published and stand, by the id of the one each undoes. */
export function undoingByOriginal<T extends ChangeSetRecord>(records: readonly T[]): Map<string, T> {
  const undoneByChangeSet = new Set(
    records.filter((record) => record.undoes && record.status === 'published').map((record) => record.undoes!.id),
  );
  const stands = (record: T) =>
    record.status !== 'closed' && !(record.status === 'published' && (record.undone || undoneByChangeSet.has(record.id)));
  return new Map(records.filter((record) => record.undoes && stands(record)).map((record) => [record.undoes!.id, record]));
}

/** The change set made to undo `id` that is open or published, if any (the undo rules and its page ask it). */
export async function undoingOf(host: HostContext, id: string): Promise<ChangeSetRecord | undefined> {
  return undoingByOriginal(await host.repo.records()).get(id);
}

/** What a summary shows of the undo of it: a link, and whether it is published yet. */
export const undoneInOf = (undoing: ChangeSetRecord | undefined): Pick<ChangeSetSummary, 'undoneIn'> =>
  undoing ? { undoneIn: { id: undoing.id, title: undoing.title, status: undoing.status } } : {};
