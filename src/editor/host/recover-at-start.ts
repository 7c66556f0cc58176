/**
 * Crash recovery when the editor starts, once its repository is open (start.ts): what a stop at any step of a
 * save, a publish or an update left half done is finished, so a change set's status, the published branch, the
 * team's remote and the site served on this machine agree again.
 *   - A publish's merge not yet confirmed: its candidate is dropped when the repository opens (nothing was
 *     published; the change set is still approved and publishes again). The branch's move and the record's
 *     "published" are one transaction (changes/publish.ts): never one without the other.
 *   - A save or an update committed on an approved change set whose record was not told yet: the approval covered
 *     another head, so it is taken back (waits for review again), as the save would have done.
 *   - The published branch ahead of the remote (stopped before or during the push): pushed by the team remote's
 *     resume at start (team-remote.ts), the team's new commits merged in first, as after any publish.
 *   - The published branch ahead of the served site (stopped before or during the build): served again by the site
 *     publisher's bringUpToDate at start (serve-published.ts), which reads the commit each release was built from.
 */
import { afterSave } from './review/review-rules';
import type { ChangeRepository } from './changes';

export async function recoverAtStart(options: { repo: ChangeRepository; log: (message: string) => void }): Promise<void> {
  const { repo, log } = options;
  const { changeSets, unreadable } = await repo.listAll();
  for (const error of unreadable) log(`${error.message} (left as it is; its page answers this error)`);
  for (const changeSet of changeSets) {
    if (changeSet.status !== 'approved' || !changeSet.approvedHead || changeSet.approvedHead === changeSet.head) continue;
    await repo.updateRecord(changeSet.id, afterSave, 'approval taken back: saved after it, just before a stop');
    log(`change set ${changeSet.id}: saved after its approval just before a stop, so it waits for review again`);
  }
}
