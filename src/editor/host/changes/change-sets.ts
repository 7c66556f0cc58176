/**
 * Change sets as git holds them: a branch `changes/<id>` made from the published branch's head, checked out in its
 * own worktree `<dataDir>/worktrees/<id>` (validation and previews of the change set read real files there), with
 * its record `refs/reviews/<id>` (change-set-records.ts) made in the same transaction. Create, read, remove (the list is
 * list-change-sets.ts's); and, when the repository opens, records whose branch is gone put aside. Each worktree is
 * made whole at its change set's first use, not at the start (worktrees.ts ensureWorktree).
 */
import { join } from 'node:path';
import { changeSetBranchRefs, changeSetKey, commitOf, hasChangeSetBranch, publishedRef, REPOSITORY_KEY, type RepoContext } from './context';
import type { Person } from './git';
import { checkPerson, IdentityError } from './identity';
import { branchOf, branchRefOf, checkChangeSetId, newChangeSetId } from './layout';
import {
  ChangeSetNotFound,
  listRecords,
  moveRefs,
  readRecord,
  recordCommit,
  recordKey,
  reviewRef,
  type ChangeSetRecord,
} from './change-set-records';
import { addWorktree, markReady, removeWorktree, removeWorktreeInTurn } from './worktrees';
import { crashPoint } from './crash-point';
import type { ListingMove } from './kept-listing';

export { ChangeSetNotFound } from './change-set-records';

export interface ChangeSet extends ChangeSetRecord {
  /** `changes/<id>`. */
  branch: string;
  /** The folder where the change set's files are checked out. */
  worktree: string;
  /** The change set's last commit. */
  head: string;
  /** Where it and the published branch last met (what its changes are measured against). */
  base: string;
  /** Its commits not yet published, and the published commits it does not have yet (then bring it up to date). */
  ahead: number;
  behind: number;
}

/** A save, restore or update of a change set that is published or closed: refused, nothing written. */
export class ChangeSetReadOnly extends Error {
  override name = 'ChangeSetReadOnly';
  constructor(
    readonly id: string,
    readonly status: string,
  ) {
    super(`This change set is ${status}: nothing more is saved in it. Start a new change set to change anything.`);
  }
}

export const worktreeOf = (context: RepoContext, id: string) => join(context.layout.worktreesDir, checkChangeSetId(id));

async function describe(context: RepoContext, record: ChangeSetRecord): Promise<ChangeSet> {
  const branch = branchOf(record.id);
  const { git } = context;
  // A record whose branch is gone: a removal between the record's read and this (its refs move in one transaction).
  // Not one whose branch is there but broken (its commit missing): that stays git's error.
  const head = await commitOf(context, branchRefOf(record.id)).catch(async (error: unknown) => {
    throw (await hasChangeSetBranch(context, record.id)) ? error : new ChangeSetNotFound(record.id);
  });
  const base = (await git(['merge-base', head, publishedRef(context)])).stdout.trim();
  const [behind, ahead] = (await git(['rev-list', '--left-right', '--count', `${publishedRef(context)}...${head}`])).stdout
    .trim()
    .split(/\s+/)
    .map(Number);
  return { ...record, branch, worktree: worktreeOf(context, record.id), head, base, ahead, behind };
}

/** Where a new change set starts (the published head unless given) and, for an undo, the change set it undoes. */
export interface CreateOptions {
  start?: string;
  undoes?: ChangeSetRecord['undoes'];
}

export async function createChangeSet(context: RepoContext, title: string, owner: Person, options: CreateOptions = {}): Promise<ChangeSet> {
  const cleanTitle = title.replace(/\s+/g, ' ').trim().slice(0, 200);
  if (!cleanTitle) throw new IdentityError('a change set needs a title');
  const now = new Date().toISOString();
  const record: ChangeSetRecord = {
    id: newChangeSetId(cleanTitle),
    title: cleanTitle,
    owner: checkPerson(owner),
    createdAt: now,
    status: 'draft',
    updatedAt: now,
    comments: [],
    approvals: [],
    ...(options.undoes ? { undoes: options.undoes } : {}),
  };
  const start = options.start ?? (await commitOf(context, publishedRef(context)));
  const commit = await recordCommit(context, record, undefined, 'created');
  if (options.undoes) crashPoint('after-undo-record');
  // The branch and its record at once: a crash leaves both or neither. In the new change set's turn, saying what it
  // moved: the listing takes it as it is (nothing ahead when it starts at the published head).
  const listed = {
    ...structuredClone(record),
    branch: branchOf(record.id),
    worktree: worktreeOf(context, record.id),
    head: start,
    ahead: 0,
  };
  await context.queue.run(
    changeSetKey(record.id),
    () =>
      moveRefs(context, [
        { ref: branchRefOf(record.id), to: start, from: undefined },
        { ref: reviewRef(record.id), to: commit, from: undefined },
      ]),
    (): ListingMove | undefined => (options.start ? undefined : { kind: 'created', id: record.id, changeSet: listed }),
  );
  if (options.undoes) crashPoint('after-undo-refs');
  await addWorktree(context, worktreeOf(context, record.id), { branch: branchOf(record.id) });
  if (options.undoes) crashPoint('after-undo-worktree');
  markReady(context, worktreeOf(context, record.id));
  return describe(context, record);
}

/** The change set's record, or ChangeSetNotFound, or RecordUnreadable naming what is wrong: what a save needs, without asking its branch. */
export async function requireRecord(context: RepoContext, id: string): Promise<ChangeSetRecord> {
  const found = await readRecord(context, checkChangeSetId(id));
  if (found) return found.record;
  const unmigrated = context.unmigrated.get(id);
  if (unmigrated) throw unmigrated;
  throw new ChangeSetNotFound(id);
}

/** Refuses (ChangeSetReadOnly) a change set that is published or closed; run in its queue, so nothing publishes meanwhile. */
export async function requireEditable(context: RepoContext, id: string): Promise<ChangeSetRecord> {
  const record = await requireRecord(context, id);
  if (record.status === 'published' || record.status === 'closed') throw new ChangeSetReadOnly(id, record.status);
  return record;
}

export async function getChangeSet(context: RepoContext, id: string): Promise<ChangeSet> {
  return describe(context, await requireRecord(context, id));
}

/** Where a removed change set's record is kept (beside its unpublished commits, `refs/closed/<id>`). */
const closedRecordRef = (id: string) => `refs/closed-reviews/${checkChangeSetId(id)}`;

/**
 * Removes a change set: its worktree, branch and record. Commits of it that were never published stay in the
 * repository under `refs/closed/<id>`, and its record under `refs/closed-reviews/<id>` (nothing anyone saved or
 * wrote is ever lost; `git log refs/closed/<id>` shows them).
 */
export async function removeChangeSet(
  context: RepoContext,
  id: string,
  check: (record: ChangeSetRecord) => void = () => {},
): Promise<void> {
  return context.queue.run(changeSetKey(checkChangeSetId(id)), async () => {
    const changeSet = await getChangeSet(context, id);
    // Its worktree first (made again at its next use, should the removal be refused below).
    await removeWorktree(context, changeSet.worktree);
    // A branch deletion may rewrite packed-refs, which every ref shares. In the record's turn (taken last): `check`
    // asks on the record as it is then, so a step taken meanwhile (reopened) stops the removal before a ref moves.
    await context.queue.run(REPOSITORY_KEY, () =>
      context.queue.run(recordKey(id), async () => {
        const recordAt = await readRecord(context, id);
        if (recordAt) check(recordAt.record);
        await moveRefs(context, [
          ...(changeSet.ahead > 0 ? [{ ref: `refs/closed/${id}`, to: changeSet.head, from: undefined }] : []),
          ...(recordAt ? [{ ref: closedRecordRef(id), to: recordAt.commit, from: undefined }] : []),
          { ref: branchRefOf(id), to: null, from: changeSet.head },
          { ref: reviewRef(id), to: null, from: recordAt?.commit },
        ]);
        // Someone who opened it after its worktree went made the worktree again: gone with its branch, not orphaned.
        // The change set is removed by now whatever happens here: a folder that stays is said, not the removal failed.
        await removeWorktreeInTurn(context, changeSet.worktree).catch((error: unknown) =>
          console.error(`change set ${id} removed, but its worktree's folder could not be:`, error),
        );
      }),
    );
  });
}

/**
 * When the repository opens: a record whose branch is gone (removed by hand) is put aside, nothing to show for it.
 * Which branches exist is asked of git once. No worktree is touched: each is made whole at its change set's first
 * use (ensureWorktree), so a start costs the change sets opened, not all of history.
 */
export async function setAsideRecordsWithoutBranch(context: RepoContext): Promise<void> {
  const { records } = await listRecords(context);
  const branches = await changeSetBranchRefs(context);
  for (const record of records) {
    if (branches.has(branchRefOf(record.id))) continue;
    const commit = await commitOf(context, reviewRef(record.id));
    await moveRefs(context, [
      { ref: closedRecordRef(record.id), to: commit, from: undefined },
      { ref: reviewRef(record.id), to: null, from: commit },
    ]);
  }
}
