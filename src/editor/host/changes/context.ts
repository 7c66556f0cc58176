/**
 * What every part of the change-set library works with once the repository is open: the git runner, the folders,
 * the published branch's name, the queues, and the names of the queues' keys.
 */
import type { RecordUnreadable } from './change-set-records';
import type { Git } from './git';
import { branchRefOf, type Layout } from './layout';
import type { KeyedQueue } from './queue';
import type { ListingMove } from './kept-listing';
import type { ResolveOptions, Resolution, Side, Versions } from './json-resolve';

export interface RepoContext {
  git: Git;
  layout: Layout;
  /** The published branch (`EDITOR_BRANCH`, `main` unless set). */
  branch: string;
  /** Each piece of work says what it moved of what the change sets' listing reads, when it knows (kept-listing.ts). */
  queue: KeyedQueue<ListingMove>;
  /** The remote Publish pushes to (`EDITOR_GIT_REMOTE`), when one is set: git's remote `publish`. */
  publishRemote: boolean;
  /** Change sets whose records of an older editor (JSON files) could not be read when the repository opened: kept as they were. */
  unmigrated: Map<string, RecordUnreadable>;
  /**
   * Merges one document field by field (json-resolve.ts), somewhere off the event loop when the server says where
   * (its content workers); in this thread when it does not.
   */
  resolveJson?: ResolveJson;
}

/** resolveJsonDocument's work, wherever it runs: told as plain data, which another thread can be sent. */
export type ResolveJson = (file: string, versions: Versions, ours: Side, options?: ResolveOptions) => Promise<Resolution>;

/** The queue keys (KeyedQueue): one per change set, one for the published branch, one for repository-wide git state. */
export const changeSetKey = (id: string) => `change-set:${id}`;
export const PUBLISHED_KEY = 'published';
export const REPOSITORY_KEY = 'repository';

/** The ref of the published branch, and of the remotes' copies of it. */
export const publishedRef = (context: RepoContext) => `refs/heads/${context.branch}`;
export const remoteRef = (context: RepoContext, remote: 'origin' | 'publish') => `refs/remotes/${remote}/${context.branch}`;

/** The commit a ref (or revision) points at. */
export const commitOf = async (context: RepoContext, ref: string) =>
  (await context.git(['rev-parse', '--verify', `${ref}^{commit}`])).stdout.trim();

/** Every change set's branch as git names it in full (`refs/heads/changes/<id>`): one git call. */
export const changeSetBranchRefs = async (context: RepoContext) =>
  new Set((await context.git(['for-each-ref', '--format=%(refname)', 'refs/heads/changes/'])).stdout.split('\n').filter(Boolean));

/** Whether a change set's branch is there (one git call). */
export const hasChangeSetBranch = async (context: RepoContext, id: string) => (await changeSetBranchRefs(context)).has(branchRefOf(id));
