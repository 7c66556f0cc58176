/**
 * The worktrees of the editor's clone (the published branch, each change set, each publish candidate): adding and
 * removing them under the repository-wide key (git keeps the list of worktrees in one place), checking one is whole,
 * and putting one back to its last commit after a crash.
 */
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { REPOSITORY_KEY, type RepoContext } from './context';

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
  return context.queue.run(REPOSITORY_KEY, async () => {
    await context.git(args);
  });
}

/** Removes a worktree and its folder (whatever is in it: it holds only what git wrote there). */
export async function removeWorktree(context: RepoContext, path: string): Promise<void> {
  return context.queue.run(REPOSITORY_KEY, async () => {
    await rm(path, { recursive: true, force: true });
    await context.git(['worktree', 'prune']);
  });
}

/**
 * A change set's worktree made again when it is not on disk (retired once published or closed): the branch checked
 * out again at its last commit. Nothing when it is there.
 */
export async function ensureWorktree(context: RepoContext, path: string, branch: string): Promise<void> {
  if (existsSync(join(path, '.git'))) return;
  await context.queue.run(REPOSITORY_KEY, async () => {
    if (existsSync(join(path, '.git'))) return;
    await rm(path, { recursive: true, force: true });
    await context.git(['worktree', 'prune']);
    await context.git(['worktree', 'add', '--quiet', path, branch]);
  });
}

/**
 * Retires a worktree no one edits any more (a published or closed change set's): its folder removed, its branch
 * kept, so ensureWorktree makes it again if someone opens it. Not when `keep()` says it is in use again by the time
 * the repository's turn comes. True when removed.
 */
export async function retireWorktree(context: RepoContext, path: string, keep: () => boolean): Promise<boolean> {
  if (!existsSync(path)) return false;
  return context.queue.run(REPOSITORY_KEY, async () => {
    if (keep() || !existsSync(path)) return false;
    await rm(path, { recursive: true, force: true });
    await context.git(['worktree', 'prune']);
    return true;
  });
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
