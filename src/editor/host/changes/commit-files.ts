/**
 * A save is a commit: the files written into the change set's worktree and committed, only those paths, with the
 * person who saved as author and committer. A save that changes nothing makes no commit; a save that fails leaves
 * the worktree as its last commit (nothing half saved stays behind to slip into the next one).
 */
import { lstat, mkdir, realpath, rm, writeFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { changeSetKey, type RepoContext } from './context';
import { saveMessage, type FileChange } from './commit-message';
import type { BlockLabel } from './document-words';
import type { Person } from './git';
import { checkPerson, cleanMessage, IdentityError } from './identity';
import { checkChangeSetId, checkRepoPath, RepoPathError } from './layout';
import { ChangeSetReadOnly, requireEditable, worktreeOf } from './change-sets';
import { crashPoint } from './crash-point';
import { resetWorktree } from './worktrees';

export interface Save {
  /** Each file's new text by its path in the repository (`pages-json/story.json`); null deletes the file. */
  files: Record<string, string | null>;
  author: Person;
  /** The commit message; worded from the changes (commit-message.ts) when absent. */
  message?: string;
  /** Names sections in a worded message (document-words.ts's default unless given). */
  blockLabel?: BlockLabel;
}

export interface CommitResult {
  /** The change set's head after the save: the new commit, or the head as it was when nothing changed. */
  sha: string;
  committed: boolean;
  message?: string;
}

/**
 * The file's place in the worktree, refusing a path that leads out of it through a link the repository holds
 * (a tracked symlink `pages-json/x -> /etc` must not let a save write `/etc/...`).
 */
async function placeInWorktree(worktree: string, path: string): Promise<string> {
  const target = join(worktree, checkRepoPath(path));
  await mkdir(dirname(target), { recursive: true });
  const root = await realpath(worktree);
  const folder = await realpath(dirname(target));
  if (folder !== root && !folder.startsWith(root + sep))
    throw new RepoPathError(`a folder on the way to ${path} leads out of the repository`);
  const existing = await lstat(target).catch(() => undefined);
  if (existing?.isSymbolicLink()) throw new RepoPathError(`${path} is a link in the repository, not a file the editor writes`);
  return target;
}

/** Writes `files` into `worktree` and commits them as `person` (no queue: the caller holds the change set's). */
export async function writeAndCommit(
  context: RepoContext,
  worktree: string,
  files: Record<string, string | null>,
  person: Person,
  message: string | ((changes: FileChange[]) => string | undefined),
): Promise<CommitResult> {
  const { git } = context;
  const paths = Object.keys(files).map(checkRepoPath);
  if (!paths.length) throw new RepoPathError('a save needs at least one file');
  const author = checkPerson(person);
  try {
    const changes: FileChange[] = [];
    for (const path of paths) {
      const target = await placeInWorktree(worktree, path);
      // The version the commit changes: the last commit's (the hosted editor's endpoints wrote the file already).
      const committed = await git(['cat-file', 'blob', `HEAD:${path}`], { cwd: worktree, okCodes: [128] });
      const before = committed.code === 0 ? committed.stdout : undefined;
      const after = files[path];
      if (after === null) await rm(target, { force: true });
      else await writeFile(target, after);
      changes.push({ path, ...(before === undefined ? {} : { before }), ...(after === null ? {} : { after }) });
    }
    await git(['add', '--all', '--', ...paths], { cwd: worktree });
    const staged = await git(['diff', '--cached', '--quiet', 'HEAD', '--', ...paths], { cwd: worktree, okCodes: [1] });
    if (staged.code === 0) return { sha: (await git(['rev-parse', 'HEAD'], { cwd: worktree })).stdout.trim(), committed: false };
    const text = cleanMessage((typeof message === 'string' ? message : message(changes)) ?? 'Save');
    // Only these paths (`--only`, git's default with paths), whatever else the index might hold.
    await git(['commit', '--no-verify', '--quiet', '--message', text, '--', ...paths], { cwd: worktree, person: author });
    return { sha: (await git(['rev-parse', 'HEAD'], { cwd: worktree })).stdout.trim(), committed: true, message: text };
  } catch (error) {
    await git(['reset', '--hard', '--quiet', 'HEAD'], { cwd: worktree }).catch(() => undefined);
    await git(['clean', '-d', '--force', '--quiet'], { cwd: worktree }).catch(() => undefined);
    throw error;
  }
}

/** Saves files on a change set as one commit by `save.author`, after every operation queued on it before. */
export async function commitToChangeSet(context: RepoContext, id: string, save: Save): Promise<CommitResult> {
  return context.queue.run(changeSetKey(checkChangeSetId(id)), async () => {
    if (save.message !== undefined && !save.message.trim()) throw new IdentityError('a commit needs a message');
    try {
      // In its queue: a publish holds it from merge to record, so a save either lands before the publish's merge or is refused here.
      await requireEditable(context, id);
    } catch (error) {
      // What the editor's endpoints wrote before asking for the commit does not stay in a read-only change set's files.
      if (error instanceof ChangeSetReadOnly) await resetWorktree(context, worktreeOf(context, id)).catch(() => undefined);
      throw error;
    }
    const message = save.message ?? ((changes: FileChange[]) => saveMessage(changes, save.blockLabel));
    const result = await writeAndCommit(context, worktreeOf(context, id), save.files, save.author, message);
    if (result.committed) crashPoint('after-save-commit');
    return result;
  });
}
