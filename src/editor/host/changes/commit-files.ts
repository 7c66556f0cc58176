/**
 * A save is a commit: the files written into the change set's worktree and committed, only those paths, with the
 * person who saved as author and committer, in one turn of the change set's queue (nothing else writes its worktree
 * meanwhile, so what is committed is what this save wrote). A save can be planned in that turn, against the files as
 * the saves before it left them. A save that changes nothing makes no commit; a save that fails leaves the worktree as
 * its last commit (nothing half saved stays behind to slip into the next one). Each file is replaced whole (a
 * temporary file renamed over it): a reader never sees half of one.
 */
import { lstat, mkdir, realpath, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';
import { changeSetKey, type RepoContext } from './context';
import { saveMessage, type FileChange } from './commit-message';
import type { BlockLabel } from './document-words';
import type { Person } from './git';
import { checkPerson, cleanMessage, IdentityError } from './identity';
import { checkChangeSetId, checkRepoPath, RepoPathError } from './layout';
import { requireEditable, worktreeOf } from './change-sets';
import { crashPoint } from './crash-point';
import type { ListingMove } from './kept-listing';
import type { FileContent } from '../../server/document-store';

/** An image's bytes as a commit message's wording sees them: a file changed, not text to compare. */
const wordedContent = (content: FileContent) => (typeof content === 'string' ? content : `(an image of ${content.byteLength} bytes)`);

export interface Save {
  /** Each file's new text by its path in the repository (`pages-json/story.json`); null deletes the file. */
  files: Record<string, FileContent | null>;
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
  /** The head before the save, when it committed. */
  parent?: string;
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

/** Writes `text` to a temporary name beside `target` (not a .json name: no reader takes it for content), then renames it over. */
async function replaceFile(target: string, text: FileContent): Promise<void> {
  const temporary = join(dirname(target), `.${basename(target)}.${process.pid}.${Date.now()}.tmp`);
  try {
    await writeFile(temporary, text, { flag: 'wx' });
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Writes `files` into `worktree` and commits them as `person` (no queue: the caller holds the change set's). */
export async function writeAndCommit(
  context: RepoContext,
  worktree: string,
  files: Record<string, FileContent | null>,
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
      // The version the commit changes: the last commit's, which the worktree holds at the start of a turn.
      const committed = await git(['cat-file', 'blob', `HEAD:${path}`], { cwd: worktree, okCodes: [128] });
      const before = committed.code === 0 ? committed.stdout : undefined;
      const after = files[path];
      if (after === null) await rm(target, { force: true });
      else await replaceFile(target, after);
      changes.push({ path, ...(before === undefined ? {} : { before }), ...(after === null ? {} : { after: wordedContent(after) }) });
    }
    await git(['add', '--all', '--', ...paths], { cwd: worktree });
    const staged = await git(['diff', '--cached', '--quiet', 'HEAD', '--', ...paths], { cwd: worktree, okCodes: [1] });
    if (staged.code === 0) return { sha: (await git(['rev-parse', 'HEAD'], { cwd: worktree })).stdout.trim(), committed: false };
    const text = cleanMessage((typeof message === 'string' ? message : message(changes)) ?? 'Save');
    // Only these paths (`--only`, git's default with paths), whatever else the index might hold.
    await git(['commit', '--no-verify', '--quiet', '--message', text, '--', ...paths], { cwd: worktree, person: author });
    const [sha, parent] = (await git(['rev-parse', 'HEAD', 'HEAD^'], { cwd: worktree })).stdout.trim().split('\n');
    return { sha, parent, committed: true, message: text };
  } catch (error) {
    await git(['reset', '--hard', '--quiet', 'HEAD'], { cwd: worktree }).catch(() => undefined);
    await git(['clean', '-d', '--force', '--quiet'], { cwd: worktree }).catch(() => undefined);
    throw error;
  }
}

/** What a save planned in its turn writes, or its refusal (nothing written). */
export type PlannedSave<T> = (Pick<Save, 'files' | 'message' | 'blockLabel'> & { answer: T }) | { refused: T };

/**
 * A save worked out in the change set's turn: `plan` reads the worktree as the operations queued before it left it
 * and returns the files to write, which are written and committed by `author` in the same turn.
 */
export async function planAndCommit<T>(
  context: RepoContext,
  id: string,
  author: Person,
  plan: (worktree: string) => Promise<PlannedSave<T>>,
): Promise<{ answer: T; commit?: CommitResult }> {
  return context.queue.run(
    changeSetKey(checkChangeSetId(id)),
    async () => {
      // In its queue: a publish holds it from merge to record, so a save either lands before the publish's merge or is
      // refused here, before anything is written.
      await requireEditable(context, id);
      const worktree = worktreeOf(context, id);
      const planned = await plan(worktree);
      if ('refused' in planned) return { answer: planned.refused };
      const message = planned.message ?? ((changes: FileChange[]) => saveMessage(changes, planned.blockLabel));
      const commit = await writeAndCommit(context, worktree, planned.files, author, message);
      if (commit.committed) crashPoint('after-save-commit');
      return { answer: planned.answer, commit };
    },
    // What the change sets' listing needs to know: nothing moved, one commit added to this branch, or (a commit whose
    // parent is not known) unknown, so it is listed afresh.
    ({ commit }): ListingMove | undefined => {
      if (!commit?.committed) return { kind: 'nothing' };
      return commit.parent ? { kind: 'commit', id, from: commit.parent, to: commit.sha } : undefined;
    },
  );
}

/** Saves files on a change set as one commit by `save.author`, after every operation queued on it before. */
export async function commitToChangeSet(context: RepoContext, id: string, save: Save): Promise<CommitResult> {
  if (save.message !== undefined && !save.message.trim()) throw new IdentityError('a commit needs a message');
  const { files, message, blockLabel } = save;
  const { commit } = await planAndCommit(context, id, save.author, async () => ({ files, message, blockLabel, answer: undefined }));
  return commit!;
}
