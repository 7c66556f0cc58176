/**
 * Opens the editor's own clone of the site's repository: on the first start it clones `EDITOR_REPO` (a path or a
 * git URL) into `<dataDir>/repo.git` (bare) and checks out the published branch in `<dataDir>/worktrees/published`;
 * on later starts it reuses them, fetches, and puts right what a crash may have left (lock files, a merge half
 * done, a save written but not committed). The developer's checkout is only ever read from, by `git fetch`. An
 * empty data folder takes the open change sets back from `EDITOR_GIT_REMOTE` (take-back.ts).
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { publishedRef, remoteRef, type RepoContext } from './context';
import { gitRunner, GitError, type Git } from './git';
import { checkBranchName, layoutOf, type Layout } from './layout';
import { KeyedQueue } from './queue';
import type { ListingMove } from './kept-listing';
import { removeStaleLocks, removeWorktreesWithoutBranch, resetWorktree, worktreeHealthy } from './worktrees';
import { setAsideRecordsWithoutBranch } from './change-sets';
import { takeBackChangeSets } from './take-back';
import { migrateLegacyRecords } from './migrate-records';

export interface ChangeRepositoryOptions {
  /** `EDITOR_REPO`: a path to a git repository (a checkout or a bare one) or a git URL. */
  source: string;
  /** `EDITOR_DATA_DIR`: the clone, the worktrees and the change sets' records go here. */
  dataDir: string;
  /** `EDITOR_BRANCH`: the published branch; `main` unless set. */
  branch?: string;
  /** `EDITOR_GIT_REMOTE`: where Publish pushes (a URL or a path); unset, nothing is pushed. */
  publishRemote?: string;
  /** The environment git runs in (GIT_* variables are dropped); this process's unless given. */
  env?: NodeJS.ProcessEnv;
}

export interface OpenResult {
  context: RepoContext;
  /** Why fetching `EDITOR_REPO` failed, when it did: the editor still starts, on what it had. */
  fetchError?: string;
  /** Why the change sets could not be taken back from `EDITOR_GIT_REMOTE` into an empty data folder (tried again at the next start). */
  takeBackError?: string;
  /** How many change sets were taken back from `EDITOR_GIT_REMOTE` into an empty data folder. */
  takenBack: number;
}

/** A git URL stays as written; a path is made absolute (git runs in the data dir, not where the server started). */
const remoteLocation = (location: string) =>
  /^[a-z][a-z0-9+.-]*:\/\//i.test(location) || /^[^/\\]+@[^/\\]+:/.test(location) || isAbsolute(location) ? location : resolve(location);

/** Settings that let many operations run at once without git tidying up underneath them, and nothing run that the repository ships. */
const SETTINGS: [string, string][] = [
  ['gc.auto', '0'], // no automatic gc or pack-refs in the middle of 20 saves
  ['maintenance.auto', 'false'],
  ['core.hooksPath', '/dev/null'], // the site's hooks are for developers; the editor runs none
  ['commit.gpgSign', 'false'],
  ['core.autocrlf', 'false'],
  ['core.logAllRefUpdates', 'true'], // reflogs, off by default in a bare repository: every ref move can be traced
  ['rerere.enabled', 'false'],
  ['merge.renames', 'true'],
];

async function configure(git: Git): Promise<void> {
  for (const [key, value] of SETTINGS) await git(['config', key, value]);
}

async function setRemote(git: Git, name: string, url: string | undefined): Promise<void> {
  const current = await git(['remote', 'get-url', name], { okCodes: [2, 128] });
  if (!url) {
    if (current.code === 0) await git(['remote', 'remove', name]);
  } else if (current.code !== 0) await git(['remote', 'add', name, url]);
  else if (current.stdout.trim() !== url) await git(['remote', 'set-url', name, url]);
}

const fetchSource = (git: Git) => git(['fetch', '--prune', '--no-tags', '--quiet', 'origin'], { timeoutMs: 300_000 });

/** The first start: a bare clone made under a temporary name and renamed when whole, so a crash leaves no half clone. */
async function cloneOnce(layout: Layout, source: string, branch: string, env: NodeJS.ProcessEnv | undefined): Promise<void> {
  for (const entry of await readdir(layout.dataDir))
    if (entry.startsWith('repo.git.partial-')) await rm(join(layout.dataDir, entry), { recursive: true, force: true });
  const partial = join(layout.dataDir, `repo.git.partial-${randomBytes(4).toString('hex')}`);
  await mkdir(partial);
  const git = gitRunner(partial, env);
  await git(['init', '--bare', '--quiet', `--initial-branch=${branch}`, partial]);
  await configure(git);
  await setRemote(git, 'origin', source);
  await fetchSource(git);
  const head = await git(['rev-parse', '--verify', '--quiet', `refs/remotes/origin/${branch}^{commit}`], { okCodes: [1] });
  if (head.code !== 0) throw new Error(`the repository to edit has no branch “${branch}” (EDITOR_BRANCH)`);
  await git(['update-ref', `refs/heads/${branch}`, head.stdout.trim()]);
  await rename(partial, layout.gitDir);
}

/** Moves the published branch on to the source's when it is only behind it (a developer's push); never merges or rewinds. */
async function fastForwardFromSource(context: RepoContext): Promise<void> {
  const { git, layout } = context;
  const source = await git(['rev-parse', '--verify', '--quiet', remoteRef(context, 'origin')], { okCodes: [1] });
  if (source.code !== 0) return;
  const behind = await git(['merge-base', '--is-ancestor', publishedRef(context), source.stdout.trim()], { okCodes: [1] });
  if (behind.code === 0) await git(['merge', '--ff-only', '--quiet', source.stdout.trim()], { cwd: layout.publishedWorktree });
}

export async function openRepository(options: ChangeRepositoryOptions): Promise<OpenResult> {
  const layout = layoutOf(resolve(options.dataDir));
  const branch = checkBranchName(options.branch ?? 'main');
  const source = remoteLocation(options.source);
  await mkdir(layout.worktreesDir, { recursive: true });

  let fetchError: string | undefined;
  const git = gitRunner(layout.gitDir, options.env);
  if (!existsSync(join(layout.gitDir, 'HEAD'))) await cloneOnce(layout, source, branch, options.env);
  else {
    const bare = await git(['rev-parse', '--is-bare-repository']);
    if (bare.stdout.trim() !== 'true') throw new Error(`${layout.gitDir} is not the editor's bare clone`);
    await removeStaleLocks(layout.gitDir);
    await configure(git);
    await setRemote(git, 'origin', source);
    try {
      await fetchSource(git);
    } catch (error) {
      // The git host being away for a moment must not keep the editor from starting on what it has.
      if (!(error instanceof GitError)) throw error;
      fetchError = error.message;
    }
  }
  await setRemote(git, 'publish', options.publishRemote ? remoteLocation(options.publishRemote) : undefined);
  // Only the published branch is fetched from it: the change sets the editor pushes there are its own already.
  if (options.publishRemote) await git(['config', 'remote.publish.fetch', `+refs/heads/${branch}:refs/remotes/publish/${branch}`]);

  const context: RepoContext = {
    git,
    layout,
    branch,
    queue: new KeyedQueue<ListingMove>(),
    publishRemote: Boolean(options.publishRemote),
    unmigrated: new Map(),
  };
  await git(['worktree', 'prune']);
  await removeCandidates(context);
  if (!(await worktreeHealthy(context, layout.publishedWorktree, publishedRef(context)))) {
    await rm(layout.publishedWorktree, { recursive: true, force: true });
    await git(['worktree', 'prune']);
    await git(['worktree', 'add', '--quiet', layout.publishedWorktree, branch]);
  } else await resetWorktree(context, layout.publishedWorktree);
  await fastForwardFromSource(context);
  context.unmigrated = await migrateLegacyRecords(context);
  await removeWorktreesWithoutBranch(context);
  let takenBack = 0;
  let takeBackError: string | undefined;
  try {
    takenBack = await takeBackChangeSets(context);
  } catch (error) {
    // The remote away for a moment: the editor starts without them, and takes them back at its next start.
    if (!(error instanceof GitError)) throw error;
    takeBackError = error.message;
  }
  await setAsideRecordsWithoutBranch(context);
  return { context, takenBack, ...(fetchError ? { fetchError } : {}), ...(takeBackError ? { takeBackError } : {}) };
}

/** Publish candidates left by a stop between prepare and confirm: never confirmed, so dropped. */
async function removeCandidates({ git, layout }: RepoContext): Promise<void> {
  const entries = await readdir(layout.worktreesDir);
  const candidates = entries.filter((entry) => entry.startsWith('candidate-'));
  for (const entry of candidates) await rm(join(layout.worktreesDir, entry), { recursive: true, force: true });
  if (candidates.length) await git(['worktree', 'prune']);
}
