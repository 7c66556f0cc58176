/**
 * Change sets as git holds them: a branch `changes/<id>` made from the published branch's head, checked out in its
 * own worktree `<dataDir>/worktrees/<id>` (validation and previews of the change set read real files there), with
 * its record (title, owner). Create, read, list, remove; and, when the repository opens, every change set's
 * worktree made whole again.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { changeSetKey, publishedRef, REPOSITORY_KEY, type RepoContext } from './context';
import type { Person } from './git';
import { checkPerson, IdentityError } from './identity';
import { branchOf, checkChangeSetId, newChangeSetId } from './layout';
import { listRecords, readRecord, removeRecord, writeRecord, type ChangeSetRecord } from './change-set-records';
import { addWorktree, removeWorktree, resetWorktree, worktreeHealthy } from './worktrees';

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

export class ChangeSetNotFound extends Error {
  override name = 'ChangeSetNotFound';
  constructor(readonly id: string) {
    super(`no such change set: ${id}`);
  }
}

export const worktreeOf = (context: RepoContext, id: string) => join(context.layout.worktreesDir, checkChangeSetId(id));

async function describe(context: RepoContext, record: ChangeSetRecord): Promise<ChangeSet> {
  const branch = branchOf(record.id);
  const { git } = context;
  const head = (await git(['rev-parse', '--verify', `refs/heads/${branch}^{commit}`])).stdout.trim();
  const base = (await git(['merge-base', head, publishedRef(context)])).stdout.trim();
  const [behind, ahead] = (await git(['rev-list', '--left-right', '--count', `${publishedRef(context)}...${head}`])).stdout
    .trim()
    .split(/\s+/)
    .map(Number);
  return { ...record, branch, worktree: worktreeOf(context, record.id), head, base, ahead, behind };
}

export async function createChangeSet(context: RepoContext, title: string, owner: Person): Promise<ChangeSet> {
  const cleanTitle = title.replace(/\s+/g, ' ').trim().slice(0, 200);
  if (!cleanTitle) throw new IdentityError('a change set needs a title');
  const record: ChangeSetRecord = {
    id: newChangeSetId(cleanTitle),
    title: cleanTitle,
    owner: checkPerson(owner),
    createdAt: new Date().toISOString(),
  };
  const start = (await context.git(['rev-parse', '--verify', `${publishedRef(context)}^{commit}`])).stdout.trim();
  await addWorktree(context, worktreeOf(context, record.id), { branch: branchOf(record.id), create: { start } });
  await writeRecord(context.layout.metaDir, record);
  return describe(context, record);
}

/** The change set's record, or ChangeSetNotFound: what a save needs, without asking git. */
export async function requireRecord(context: RepoContext, id: string): Promise<ChangeSetRecord> {
  const record = await readRecord(context.layout.metaDir, checkChangeSetId(id));
  if (!record) throw new ChangeSetNotFound(id);
  return record;
}

export async function getChangeSet(context: RepoContext, id: string): Promise<ChangeSet> {
  return describe(context, await requireRecord(context, id));
}

export async function listChangeSets(context: RepoContext): Promise<ChangeSet[]> {
  const records = await listRecords(context.layout.metaDir);
  return Promise.all(records.map((record) => describe(context, record)));
}

/**
 * Removes a change set: its worktree, record and branch. Commits of it that were never published stay in the
 * repository under `refs/closed/<id>` (nothing anyone saved is ever lost; `git log refs/closed/<id>` shows them).
 */
export async function removeChangeSet(context: RepoContext, id: string): Promise<void> {
  return context.queue.run(changeSetKey(checkChangeSetId(id)), async () => {
    const { git } = context;
    const changeSet = await getChangeSet(context, id);
    if (changeSet.ahead > 0) await git(['update-ref', `refs/closed/${id}`, changeSet.head]);
    await removeWorktree(context, changeSet.worktree);
    await context.queue.run(REPOSITORY_KEY, async () => {
      // A branch deletion may rewrite packed-refs, which every ref shares.
      await git(['branch', '--quiet', '-D', changeSet.branch]);
    });
    await removeRecord(context.layout.metaDir, id);
  });
}

/** When the repository opens: each change set's worktree back at its branch's last commit, made again if it went missing. */
export async function restoreChangeSetWorktrees(context: RepoContext): Promise<void> {
  for (const record of await listRecords(context.layout.metaDir)) {
    const path = worktreeOf(context, record.id);
    const branch = `refs/heads/${branchOf(record.id)}`;
    const exists = await context.git(['rev-parse', '--verify', '--quiet', branch], { okCodes: [1] });
    if (exists.code !== 0) {
      // A record whose branch is gone (removed by hand): nothing to show for it.
      await removeRecord(context.layout.metaDir, record.id);
      continue;
    }
    if (await worktreeHealthy(context, path, branch)) await resetWorktree(context, path);
    else {
      if (existsSync(path)) await rm(path, { recursive: true, force: true });
      await context.git(['worktree', 'prune']);
      await addWorktree(context, path, { branch: branchOf(record.id) });
    }
  }
}
