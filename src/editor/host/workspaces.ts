/**
 * The workspaces the editor server keeps open: one per change set being edited (its worktree's content, validated
 * once per change, in a content worker, with each person's endpoints), made on first use, in a pool (open-pool.ts)
 * that keeps at most `limit` open and closes one unused for `idleMs`, least recently used first, never one a request
 * is running on (a save in flight). Closing one disposes of it: its content worker forgets its content; its worktree
 * stays, unless the change set is done with (published or closed): then its worktree is retired (its branch kept)
 * and made again if someone opens it (ChangeRepository.checkout). Besides: the
 * published branch's content, for the "before" side of a review; and a version of the site at any commit, for
 * history (history-versions.ts: written out once, the last few used kept, each dropped once unused for the idle
 * time, never while a request uses it).
 */
import { join } from 'node:path';
import { HOSTED } from '../hosted-protocol';
import type { BuiltAssets } from './built-assets';
import type { ChangeRepository, ChangeSetRecord, Person, ResolveJson } from './changes';
import { gitRunner } from './changes/git';
import { ContentWorkers, type ContentWorkerSettings, type SiteRendering } from './content-worker/content-workers';
import { changeSetSaver } from './content-worker/save-turns';
import { historyVersions } from './history-versions';
import { createOpenPool } from './open-pool';
import { releaseMemory } from './release-memory';
import { createWorkspace, type Workspace } from './workspace';

const CONTENT = 'pages-json';
/** How many versions of the whole site history keeps extracted (each dropped too once unused for the idle time). */
const KEPT_VERSIONS = 8;

/** How many workspaces stay open, and how long one stays open unused (docs/editor-server.md, "Settings"). */
export interface PoolSettings {
  /** EDITOR_OPEN_WORKSPACES: 24 unless set (20 people editing at once never close each other's). */
  limit: number;
  /** EDITOR_WORKSPACE_IDLE_MINUTES: 10 unless set, in milliseconds. */
  idleMs: number;
}

export function poolSettingsFromEnv(env: NodeJS.ProcessEnv): PoolSettings {
  const number = (name: string, fallback: number, valid: (value: number) => boolean) => {
    const text = env[name];
    if (text === undefined || text === '') return fallback;
    const value = Number(text);
    if (!valid(value)) throw new Error(`${name} must be a positive number, not "${text}"`);
    return value;
  };
  return {
    limit: number('EDITOR_OPEN_WORKSPACES', 24, (value) => Number.isInteger(value) && value >= 1),
    idleMs: number('EDITOR_WORKSPACE_IDLE_MINUTES', 10, (value) => Number.isFinite(value) && value > 0) * 60_000,
  };
}

/** A version of the site: its pages rendered, and its content folder (its media, whose images it serves: preview-images.ts). */
export interface SiteVersion extends SiteRendering {
  contentDir: string;
}

export interface Workspaces {
  /** Runs `work` on a change set's workspace (opened when it is not; its change set must exist), open while it runs. */
  editing: <R>(id: string, work: (workspace: Workspace) => Promise<R> | R) => Promise<R>;
  /** The published site's content, as the published branch's worktree has it now. */
  published: SiteVersion;
  /**
   * Runs `work` on the site's content at a commit, kept while it runs (history-versions.ts); undefined when there is no
   * such commit.
   */
  atVersion: <R>(sha: string, work: (version: SiteVersion) => Promise<R>) => Promise<R | undefined>;
  /** The errors of the whole site in a worktree (a publish candidate's), in every language, found off the event loop. */
  siteErrors: (worktree: string) => Promise<string[]>;
  /** Merges a document field by field in a content worker (ChangeRepository.mergeDocumentsWith). */
  resolveJson: ResolveJson;
  /** Closes a change set's workspace (published, closed or removed), once the requests running on it end. */
  close: (id: string) => void;
  /** Retires the worktrees of these change sets that are done with (at start: those left by an earlier run). */
  retireDone: (records: Pick<ChangeSetRecord, 'id' | 'status'>[]) => Promise<void>;
  /** The change sets open now, least recently used first. */
  openIds: () => string[];
  /** How many content workers run, and the content folders they hold. */
  workers: () => { running: number; held: string[] };
  /** Stops the idle closing's timer and the content workers (the server is closing). */
  stop: () => Promise<void>;
}

export function createWorkspaces(options: {
  repo: ChangeRepository;
  assets: BuiltAssets;
  dataDir: string;
  pool: PoolSettings;
  /** The content workers' number and timeout (contentWorkerSettings). */
  workers: ContentWorkerSettings;
  /** The server's clock. */
  now: () => Date;
  /** A save was committed to a change set. */
  onCommitted: (id: string, by: Person) => Promise<void>;
  log: (message: string) => void;
}): Workspaces {
  const { repo, assets, dataDir, log } = options;
  const now = () => options.now().getTime();
  const workers = new ContentWorkers(assets.buildDir, options.workers, log, now);
  const versionOf = (contentDir: string): SiteVersion => ({ ...workers.renderingOf(contentDir), contentDir });
  const publishedDir = join(repo.publishedWorktree, CONTENT);
  /** When the published content was last asked for: forgotten too once unused for the idle time (read again on use). */
  let publishedUsed: number | undefined;
  const publishedRendering = versionOf(publishedDir);
  const used =
    <A extends unknown[], R>(read: (...args: A) => R) =>
    (...args: A): R => {
      publishedUsed = now();
      return read(...args);
    };
  const published: SiteVersion = {
    contentDir: publishedDir,
    page: used(publishedRendering.page),
    siteData: used(publishedRendering.siteData),
    inputs: used(publishedRendering.inputs),
  };
  const gitDir = join(dataDir, 'repo.git');
  const git = gitRunner(gitDir);
  const versions = historyVersions<SiteVersion>({
    dir: join(dataDir, 'versions'),
    gitDir,
    content: CONTENT,
    kept: KEPT_VERSIONS,
    idleMs: options.pool.idleMs,
    now,
    renderingOf: versionOf,
    forget: (contentDir) => workers.forget(contentDir),
    log,
  });
  const done = async (id: string) => {
    const { status } = await repo.record(id);
    return status === 'published' || status === 'closed';
  };
  const retireIfDone = (id: string) => {
    done(id)
      .then((isDone) => isDone && repo.retire(id, () => pool.peek(id) !== undefined))
      .then(
        (removed) => removed && log(`change set ${id}: its worktree was retired (its branch is kept)`),
        (error: unknown) =>
          log(`change set ${id}: its worktree could not be retired: ${error instanceof Error ? error.message : String(error)}`),
      );
  };
  // Closing a workspace frees its content worker's copy of its content, and retires its worktree when done with.
  const pool = createOpenPool<Workspace>({
    limit: options.pool.limit,
    idleMs: options.pool.idleMs,
    now,
    onClose: (id, workspace) => {
      workspace.dispose();
      retireIfDone(id);
    },
  });
  /**
   * Everything unused for the idle time let go: the workspaces (but one in use), history's versions, the published
   * content, and then the content workers left holding nothing (each an isolate with the site's code: forgetting a
   * content frees only the content). What an editor left alone keeps is the server itself.
   */
  const releaseIdle = () => {
    const time = now();
    const open = pool.keys().length;
    pool.sweep();
    let released = versions.sweep() + open - pool.keys().length;
    if (publishedUsed !== undefined && time - publishedUsed >= options.pool.idleMs) {
      publishedUsed = undefined;
      workers.forget(publishedDir);
      released++;
    }
    released += workers.stopIdle(time - options.pool.idleMs);
    // Something closed while nobody asks for anything: its memory goes back now, not at the next request.
    if (released > 0) releaseMemory();
  };
  // Idle closing also while nobody asks for anything (the pool sweeps on each use too).
  const timer = setInterval(releaseIdle, Math.min(60_000, Math.max(1000, options.pool.idleMs / 4)));
  timer.unref();
  const openWorkspace = (id: string) => async () => {
    const changeSet = await repo.checkout(id);
    return createWorkspace({
      id,
      dir: changeSet.worktree,
      base: HOSTED.editBase(id),
      workers,
      save: changeSetSaver(repo, id, (by) => options.onCommitted(id, by)),
    });
  };

  return {
    editing: (id, work) => pool.use(id, openWorkspace(id), work),
    published,
    atVersion: async (sha, work) => {
      // Versions unused for the idle time dropped on each use too (as the pool closes workspaces on each use).
      versions.sweep();
      // The full commit, or undefined when it is none (an abbreviation of the same commit is the same version).
      const full = await git(['rev-parse', '--verify', '--quiet', `${sha}^{commit}`]).then(
        ({ stdout }) => stdout.trim(),
        () => undefined,
      );
      return full ? versions.using(full, work) : undefined;
    },
    siteErrors: (worktree) => workers.siteErrors(join(worktree, CONTENT)),
    resolveJson: workers.resolveJson,
    close: (id) => {
      pool.close(id);
      retireIfDone(id);
    },
    retireDone: async (records) => {
      for (const { id, status } of records)
        if (status === 'published' || status === 'closed') await repo.retire(id, () => pool.peek(id) !== undefined);
    },
    openIds: () => pool.keys(),
    workers: () => workers.state(),
    stop: () => {
      clearInterval(timer);
      return workers.close();
    },
  };
}
