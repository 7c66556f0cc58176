/**
 * Where the editor keeps its git data, and which names it accepts: change set ids, branch names, paths of files in
 * the repository, revisions. Everything that becomes a folder, a ref or a git argument is checked here first, so a
 * request can never name a folder outside the data dir or slip an option (`--upload-pack=...`) into a git call.
 */
import { randomBytes } from 'node:crypto';
import { isAbsolute, join, posix } from 'node:path';

export interface Layout {
  dataDir: string;
  /** The editor's own clone, bare: every worktree shares its objects and refs. */
  gitDir: string;
  /** The published branch, checked out: what is live, as files. */
  publishedWorktree: string;
  worktreesDir: string;
  /**
   * Where an older editor kept each change set's record as JSON files: `branches/<id>.json` (title, owner, creation)
   * and `change-sets/<id>.json` (status, comments, approvals). Read once at start, moved into git
   * (migrate-records.ts), then kept in `migrated-records/` as a backup.
   */
  legacy: { branchesDir: string; reviewsDir: string; backupDir: string };
}

export function layoutOf(dataDir: string): Layout {
  return {
    dataDir,
    gitDir: join(dataDir, 'repo.git'),
    publishedWorktree: join(dataDir, 'worktrees', 'published'),
    worktreesDir: join(dataDir, 'worktrees'),
    legacy: {
      branchesDir: join(dataDir, 'branches'),
      reviewsDir: join(dataDir, 'change-sets'),
      backupDir: join(dataDir, 'migrated-records'),
    },
  };
}

const ID = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
/** Worktree folders the library keeps beside the change sets' (a change set's id never takes these names). */
const RESERVED = /^(published|candidate-.*)$/;

export class ChangeSetIdError extends Error {
  override name = 'ChangeSetIdError';
}

/** Whether a name is a change set's id (its branch `changes/<id>`, its worktree folder `worktrees/<id>`). */
export const isChangeSetId = (name: string) => ID.test(name) && !RESERVED.test(name);

export function checkChangeSetId(id: string): string {
  if (!isChangeSetId(id)) throw new ChangeSetIdError(`not a change set id: ${JSON.stringify(id).slice(0, 80)}`);
  return id;
}

/** A new id: the title in a few words (a branch a developer can read: `changes/new-pricing-page-3f9a1c`) and 6 random hex digits. */
export function newChangeSetId(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  const id = `${words || 'change'}-${randomBytes(3).toString('hex')}`;
  // A title such as "Candidate pages" would give the name of a publish candidate's folder, which no change set may take.
  return RESERVED.test(id) ? `change-${id}` : id;
}

export const branchOf = (id: string) => `changes/${checkChangeSetId(id)}`;
/** The full name of a change set's branch, as git's plumbing (rev-parse, update-ref, ranges) wants it. */
export const branchRefOf = (id: string) => `refs/heads/${branchOf(id)}`;

export class RepoPathError extends Error {
  override name = 'RepoPathError';
}

/**
 * A path of a file in the repository as git names it (`pages-json/story.json`): relative, forward slashes, no `.`
 * or `..` part, nothing under `.git`. Anything else is refused, never corrected.
 */
export function checkRepoPath(path: string): string {
  const refuse = (why: string) => new RepoPathError(`not a file of the site's repository (${why}): ${JSON.stringify(path).slice(0, 120)}`);
  if (!path || path.length > 500) throw refuse('empty or too long');
  if (isAbsolute(path) || path.includes('\\') || path.includes('\0')) throw refuse('absolute, or not with forward slashes');
  const parts = path.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..')) throw refuse('empty, . or .. part');
  if (parts.some((part) => part.toLowerCase() === '.git')) throw refuse('inside .git');
  if (path.startsWith('-') || posix.normalize(path) !== path) throw refuse('not in normal form');
  return path;
}

/** A commit id as git prints it (full or abbreviated hex), so nothing else can reach `git show <rev>:<path>`. */
export function checkSha(sha: string): string {
  if (!/^[0-9a-f]{7,64}$/.test(sha)) throw new RepoPathError(`not a commit id: ${JSON.stringify(sha).slice(0, 80)}`);
  return sha;
}

/** A branch name given in the settings (`EDITOR_BRANCH`): plain, so it is never read as an option. */
export function checkBranchName(name: string): string {
  if (!/^[A-Za-z0-9._/-]{1,100}$/.test(name) || name.startsWith('-') || name.includes('..') || name.endsWith('.lock'))
    throw new RepoPathError(`not a branch name this editor accepts: ${JSON.stringify(name).slice(0, 80)}`);
  return name;
}
