/**
 * Restore: one file of one commit, written as it was then, as a new commit on a change set ("Restore Story to the
 * version of 2026-11-20 by Ana"). History is never rewritten and no other file is touched: a restore is a save.
 */
import { changeSetKey, type RepoContext } from './context';
import { restoreMessage } from './commit-message';
import { writeAndCommit, type CommitResult } from './commit-files';
import type { Person } from './git';
import { fileAt } from './history';
import { checkChangeSetId, checkRepoPath, checkSha, RepoPathError } from './layout';
import { requireEditable, worktreeOf } from './change-sets';

export async function restoreFile(context: RepoContext, id: string, path: string, sha: string, person: Person): Promise<CommitResult> {
  return context.queue.run(changeSetKey(checkChangeSetId(id)), async () => {
    await requireEditable(context, id);
    const text = await fileAt(context, checkSha(sha), checkRepoPath(path));
    if (text === undefined) throw new RepoPathError(`${path} is not in that version (${sha.slice(0, 7)})`);
    const { stdout } = await context.git(['show', '--no-patch', '--format=%aI%x1f%an', `${sha}^{commit}`]);
    const [date, authorName] = stdout.trim().split('\x1f');
    return writeAndCommit(context, worktreeOf(context, id), { [path]: text }, person, restoreMessage(path, text, { date, authorName }));
  });
}
