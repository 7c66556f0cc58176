/**
 * The worktrees of the editor's clone (the published branch, each change set, each publish candidate): adding and
 * removing them under the repository-wide key (git keeps the list of worktrees in one place), checking one is whole,
 * and putting one back to its last commit after a crash.
 */
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ChangeSetNotFound } from './change-set-records';
import { changeSetBranchRefs, hasChangeSetBranch, REPOSITORY_KEY, type RepoContext } from './context';
import type { ListingMove } from './kept-listing';
import { branchOf, branchRefOf, isChangeSetId } from './layout';

/** Adds a worktree at `path`: on `branch`, made at `start` when `create`, or detached at `start`. */
export function addWorktree(
  context: RepoContext,
  path: string,
  target: { branch: string; create?: { start: string } } | { detached: string },
): Promise<void> {
  const args =
    'detached' in target
      ? ['worktree', 'add', '--quiet', '--detach', path, target.detached]
      : target.create
        ? ['worktree', 'add', '--quiet', '-b', target.branch, path, target.create.start]
        : ['worktree', 'add', '--quiet', path, target.branch];
  return context.queue.run(
    REPOSITORY_KEY,
    async () => {
      await context.git(args);
    },
    // A worktree on a branch that exists moves no ref the change sets' listing reads; a new branch may.
    () => ('branch' in target && target.create ? undefined : NOTHING_MOVED),
  );
}

/** What adding, removing or making again a worktree of an existing branch moves of the refs a listing reads. */
const NOTHING_MOVED: ListingMove = { kind: 'nothing' };

/** Removes a worktree and its folder (whatever is in it: it holds only what git wrote there). */
export async function removeWorktree(context: RepoContext, path: string): Promise<void> {
  return context.queue.run(
    REPOSITORY_KEY,
    () => removeWorktreeInTurn(context, path),
    () => NOTHING_MOVED,
  );
}

/** removeWorktree for a caller already in the repository's turn. */
export async function removeWorktreeInTurn(context: RepoContext, path: string): Promise<void> {
  readyOf(context).delete(path);
  await rm(path, { recursive: true, force: true });
  await context.git(['worktree', 'prune']);
}

/**
 * The worktrees made whole in this process, by path: each change set's is checked at its first use after a start, not
 * by the start itself (which then costs the change sets opened, not all of them), and only once.
 */
const readyByRepository = new WeakMap<RepoContext, Map<string, Promise<void>>>();
const readyOf = (context: RepoContext) => {
  let ready = readyByRepository.get(context);
  if (!ready) readyByRepository.set(context, (ready = new Map()));
  return ready;
};

/** A worktree just made by this process: whole, nothing to check at its first use. */
export function markReady(context: RepoContext, path: string): void {
  readyOf(context).set(path, Promise.resolve());
}

/**
 * A change set's worktree whole before its first use in this process (what a start used to do for every change set):
 * back at its branch's last commit when it is there (a save written but never committed, or a merge half done, by a
 * process stopped mid-step, is dropped), made again when it is broken or not on disk (retired once published or
 * closed, or never made). Every use of a change set's worktree waits for this; it runs once, whoever asks first.
 * ChangeSetNotFound when its branch is gone (removed after the caller read it: a tab open on it saves, say).
 */
export function ensureWorktree(context: RepoContext, id: string, path: string): Promise<void> {
  const ready = readyOf(context);
  let making = ready.get(path);
  if (!making) {
    making = (async () => {
      if (await worktreeHealthy(context, path, branchRefOf(id))) return resetWorktree(context, path);
      await context.queue.run(
        REPOSITORY_KEY,
        async () => {
          // Only on the branch as it is: a branch removed meanwhile (the change set with it) is not made again from a
          // remote's of that name (git worktree add guesses one when the name is not a branch).
          if (!(await hasChangeSetBranch(context, id))) throw new ChangeSetNotFound(id);
          await rm(path, { recursive: true, force: true });
          await context.git(['worktree', 'prune']);
          await context.git(['worktree', 'add', '--quiet', path, branchOf(id)]);
        },
        () => NOTHING_MOVED,
      );
    })();
    ready.set(path, making);
    // A failure is tried again by the next use.
    making.catch(() => ready.get(path) === making && ready.delete(path));
  }
  return making;
}

/**
 * Retires a worktree no one edits any more (a published or closed change set's): its folder removed, its branch
 * kept, so ensureWorktree makes it again if someone opens it. Not when `keep()` says it is in use again by the time
 * the repository's turn comes. True when removed.
 */
export async function retireWorktree(context: RepoContext, path: string, keep: () => boolean): Promise<boolean> {
  if (!existsSync(path)) return false;
  return context.queue.run(
    REPOSITORY_KEY,
    async () => {
      if (keep() || !existsSync(path)) return false;
      readyOf(context).delete(path);
      await rm(path, { recursive: true, force: true });
      await context.git(['worktree', 'prune']);
      return true;
    },
    () => NOTHING_MOVED,
  );
}

/**
 * When the repository opens, before the change sets are taken back from the team's remote: a change set's worktree
 * folder whose branch is gone (a stop between a removal's refs and its folder) is removed. Left, it would stay for
 * good, and git refuses to fetch into a branch a worktree it still lists has checked out. No git call when there is
 * no change set's folder.
 */
export async function removeWorktreesWithoutBranch(context: RepoContext): Promise<void> {
  const folders = (await readdir(context.layout.worktreesDir)).filter(isChangeSetId);
  if (!folders.length) return;
  const branches = await changeSetBranchRefs(context);
  const orphans = folders.filter((name) => !branches.has(branchRefOf(name)));
  for (const name of orphans) await rm(join(context.layout.worktreesDir, name), { recursive: true, force: true });
  if (orphans.length) await context.git(['worktree', 'prune']);
}

/** Whether `path` is a worktree of this clone with `ref` checked out. */
export async function worktreeHealthy(context: RepoContext, path: string, ref: string): Promise<boolean> {
  if (!existsSync(join(path, '.git'))) return false;
  const head = await context.git(['symbolic-ref', '--quiet', 'HEAD'], { cwd: path, okCodes: [1, 128] });
  return head.code === 0 && head.stdout.trim() === ref;
}

/** The worktree as its last commit: a merge half done is dropped, and so is a save written but never committed. */
export async function resetWorktree(context: RepoContext, path: string): Promise<void> {
  await context.git(['reset', '--hard', '--quiet', 'HEAD'], { cwd: path });
  await context.git(['clean', '-d', '--force', '--quiet'], { cwd: path });
}

/**
 * Lock files a process killed mid-operation leaves behind (`index.lock`, `refs/heads/....lock`, `packed-refs.lock`):
 * git refuses to go on while they exist. Removed only when the repository is opened, before any operation runs.
 */
export async function removeStaleLocks(gitDir: string): Promise<void> {
  for (const name of ['index.lock', 'HEAD.lock', 'config.lock', 'packed-refs.lock', 'shallow.lock'])
    await rm(join(gitDir, name), { force: true });
  for (const folder of ['refs', 'worktrees', 'logs']) {
    if (!existsSync(join(gitDir, folder))) continue;
    const entries = await readdir(join(gitDir, folder), { recursive: true, withFileTypes: true });
    for (const entry of entries)
      if (entry.isFile() && entry.name.endsWith('.lock')) await rm(join(entry.parentPath, entry.name), { force: true });
  }
}
