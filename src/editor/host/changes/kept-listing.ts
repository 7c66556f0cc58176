/**
 * The last listing of the change sets, kept up to date in memory by the operations that move the refs it reads, so
 * the hub's list (asked every few seconds per person) costs no git process even while people save. Every such ref
 * moves in an operation of the repository's queues (one process per data folder): a save and a record's change say
 * what they moved (a commit added to one branch; one record rewritten; a change set created) and the listing is
 * changed to match; adding or removing a worktree moves none of them; any other operation (a publish, a pull, an
 * undo, a change set removed), or one that failed, may have moved anything, and the next listing is asked of git again.
 */
import type { ChangeSetRecord } from './change-set-records';
import type { ListedChangeSet, Listing, SharedListing } from './list-change-sets';

/** What a piece of work in the repository's queues did to the refs a listing reads, when it knows. */
export type ListingMove =
  /** Nothing moved (a save with nothing to commit, a refusal before anything was written). */
  | { kind: 'nothing' }
  /** One commit added on change set `id`'s branch, from head `from` to `to`, and nothing else. */
  | { kind: 'commit'; id: string; from: string; to: string }
  /** Change set `id`'s record rewritten as `record` (a copy no one changes), and nothing else. */
  | { kind: 'record'; id: string; record: ChangeSetRecord }
  /** A new change set (its branch and record), listed as `changeSet`, and nothing else. */
  | { kind: 'created'; id: string; changeSet: ListedChangeSet };

/**
 * `listing` after `move`, or undefined when it cannot be told from the move (git is asked again). A listing being
 * made when the move happened may have read the refs before or after it: a commit already there is not added twice.
 */
function listingAfter(listing: Listing, move: Exclude<ListingMove, { kind: 'nothing' }>): Listing | undefined {
  const at = listing.changeSets.findIndex((changeSet) => changeSet.id === move.id);
  if (move.kind === 'created') {
    if (at >= 0) return listing;
    // Where listRecords puts it: by when it was created.
    const after = listing.changeSets.findLastIndex((changeSet) => changeSet.createdAt <= move.changeSet.createdAt);
    return { changeSets: listing.changeSets.toSpliced(after + 1, 0, move.changeSet), unreadable: listing.unreadable };
  }
  if (at < 0) return undefined;
  const changeSet = listing.changeSets[at];
  let moved: Listing['changeSets'][number];
  if (move.kind === 'commit') {
    if (changeSet.head === move.to) return listing;
    if (changeSet.head !== move.from) return undefined;
    moved = { ...changeSet, head: move.to, ahead: changeSet.ahead + 1 };
  } else {
    const { branch, worktree, head, ahead } = changeSet;
    moved = { ...move.record, branch, worktree, head, ahead };
  }
  return { changeSets: listing.changeSets.with(at, moved), unreadable: listing.unreadable };
}

export class KeptListing {
  private kept?: Promise<Listing>;

  constructor(private readonly listAfresh: () => Promise<Listing>) {}

  /** The listing: the same object until a ref moves, never changed by its callers. */
  get(): Promise<SharedListing> {
    return this.kept ?? this.keep(this.listAfresh());
  }

  /** After each piece of work in the repository's queues (undefined: it failed, or did not say what it moved). */
  moved(move: ListingMove | undefined): void {
    if (!this.kept || move?.kind === 'nothing') return;
    if (!move) {
      this.kept = undefined;
      return;
    }
    // In order of the moves, after a listing still being made.
    this.keep(this.kept.then((listing) => listingAfter(listing, move) ?? this.listAfresh()));
  }

  private keep(listing: Promise<Listing>): Promise<Listing> {
    this.kept = listing;
    // A listing that failed is asked again at the next call, not kept failing.
    listing.catch(() => this.kept === listing && (this.kept = undefined));
    return listing;
  }
}
