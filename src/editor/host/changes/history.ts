/**
 * Reading what git holds: a change set's commits and the files it changed against the published branch, a file's
 * text at any commit, and a document's history (who, when, what message) on the published branch or a change set,
 * following it across renames.
 */
import { publishedRef, type RepoContext } from './context';
import { isMissing } from './git';
import { LOG_ARGS, parseLog, parseNameStatus, type ChangedFile, type CommitInfo } from './git-log';
import { branchRefOf, checkRepoPath, checkSha } from './layout';
import { requireRecord } from './change-sets';

/** The change set's own commits, newest first: those the published branch does not have. A merge lists what it brought in. */
export async function changeSetCommits(context: RepoContext, id: string): Promise<CommitInfo[]> {
  await requireRecord(context, id);
  const range = `${publishedRef(context)}..${branchRefOf(id)}`;
  const { stdout } = await context.git([...LOG_ARGS, '--diff-merges=first-parent', range]);
  return parseLog(stdout);
}

/** The files the change set changes: its files against where it and the published branch last met. */
export async function changeSetFiles(context: RepoContext, id: string): Promise<ChangedFile[]> {
  await requireRecord(context, id);
  const { stdout } = await context.git(['diff', '-z', '--name-status', '--no-renames', `${publishedRef(context)}...${branchRefOf(id)}`]);
  return parseNameStatus(stdout);
}

/** The text of `path` at commit `sha`; undefined where the file does not exist in that commit. */
export async function fileAt(context: RepoContext, sha: string, path: string): Promise<string | undefined> {
  try {
    return (await context.git(['cat-file', 'blob', `${checkSha(sha)}:${checkRepoPath(path)}`])).stdout;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

export interface HistoryEntry extends CommitInfo {
  /** The document's path in this version (it may have been renamed since). */
  path: string;
}

/**
 * The history of one document, newest first: on the published branch, or as a change set sees it (the change set's
 * commits, then the published history it started from). Each entry is one commit that changed the document: a save
 * by its author, or a merge that made a version neither side had.
 */
export async function documentHistory(
  context: RepoContext,
  path: string,
  options: { changeSet?: string; limit?: number } = {},
): Promise<HistoryEntry[]> {
  if (options.changeSet) await requireRecord(context, options.changeSet);
  const ref = options.changeSet ? branchRefOf(options.changeSet) : publishedRef(context);
  const limit = options.limit ? [`--max-count=${Math.max(1, Math.floor(options.limit))}`] : [];
  // --cc lists a merge's file only where the merge's version differs from every parent's: a publish that merged the
  // document field by field is a version of its own; a merge that took one side's version is not.
  const { stdout } = await context.git([...LOG_ARGS, '--follow', '--cc', ...limit, ref, '--', checkRepoPath(path)]);
  return parseLog(stdout)
    .filter((commit) => commit.files.length > 0)
    .map((commit) => ({ ...commit, path: commit.files[0].path }));
}
