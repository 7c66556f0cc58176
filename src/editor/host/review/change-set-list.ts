/**
 * The list of change sets as the hub shows it: every change set's summary, open ones or closed ones, newest change
 * first. Worked out once per listing (ChangeRepository.listShared is the same object until a ref moves), so the hub
 * asking every few seconds per person costs a look-up, not all of history summarised and sorted again.
 */
import type { ChangeSetSummary } from '../../hosted-protocol';
import type { SharedListing } from '../changes/list-change-sets';
import { summaryOf } from './change-set-detail';
import { undoingByOriginal, undoneInOf } from './undo-links';

interface Lists {
  open: ChangeSetSummary[];
  closed: ChangeSetSummary[];
}

/** By listing: one forgotten with it (the repository keeps only its last). */
const made = new WeakMap<SharedListing, Lists>();

function listsOf({ changeSets }: SharedListing): Lists {
  const undoing = undoingByOriginal(changeSets);
  const all = changeSets
    .map((changeSet) => ({ ...summaryOf(changeSet, changeSet), ...undoneInOf(undoing.get(changeSet.id)) }))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return { open: all.filter((summary) => summary.status !== 'closed'), closed: all.filter((summary) => summary.status === 'closed') };
}

/** The summaries of the open change sets, or of the closed ones: shared by every caller, to send and not to change. */
export function changeSetList(listing: SharedListing, closed: boolean): readonly ChangeSetSummary[] {
  let lists = made.get(listing);
  if (!lists) made.set(listing, (lists = listsOf(listing)));
  return closed ? lists.closed : lists.open;
}
