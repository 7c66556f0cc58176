/**
 * The workspaces the editor server keeps open: one per change set being edited (its worktree's content, validated
 * once per change, with each person's endpoints), made on first use; the published branch's content, for the
 * "before" side of a review; and a version of the site at any commit, for history (extracted once with
 * `git archive`, the last few kept).
 */
import { execFile } from 'node:child_process';
import { mkdir, rename, rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { HOSTED } from '../hosted-protocol';
import type { BuiltAssets } from './built-assets';
import type { ChangeRepository } from './changes';
import { ContentWorkers, contentWorkerCount, type SiteRendering } from './content-worker/content-workers';
import { changeSetSaver } from './content-worker/save-turns';
import { createWorkspace, type Workspace } from './workspace';

const CONTENT = 'pages-json';
/** How many versions of the whole site history keeps extracted. */
const KEPT_VERSIONS = 8;

export interface Workspaces {
  /** A change set's workspace (its change set must exist). */
  of: (id: string) => Promise<Workspace>;
  /** The published site's content, as the published branch's worktree has it now. */
  published: SiteRendering;
  /** The site's content at a commit; undefined when there is no such commit. */
  atVersion: (sha: string) => Promise<SiteRendering | undefined>;
  /** The errors of the whole site in a worktree (a publish candidate's), in every language, found off the event loop. */
  siteErrors: (worktree: string) => Promise<string[]>;
  /** Forgets a change set's workspace (removed or published). */
  close: (id: string) => void;
  /** Stops the content workers (the server is closing). */
  stop: () => Promise<void>;
}

export function createWorkspaces(options: {
  repo: ChangeRepository;
  assets: BuiltAssets;
  dataDir: string;
  /** A save was committed to a change set. */
  onCommitted: (id: string) => Promise<void>;
  log: (message: string) => void;
}): Workspaces {
  const { repo, assets, dataDir, log } = options;
  const open = new Map<string, Promise<Workspace>>();
  const workers = new ContentWorkers(assets.buildDir, contentWorkerCount(), log);
  const published = workers.renderingOf(join(repo.publishedWorktree, CONTENT));
  const versionsDir = join(dataDir, 'versions');
  const versions = new Map<string, SiteRendering>();
  const run = async (command: string, args: string[]) => (await promisify(execFile)(command, args, { maxBuffer: 1 << 30 })).stdout;
  const git = (args: string[]) => run('git', ['--git-dir', join(dataDir, 'repo.git'), ...args]);

  return {
    of: (id) => {
      let workspace = open.get(id);
      if (!workspace) {
        workspace = repo.get(id).then((changeSet) =>
          createWorkspace({
            id,
            dir: changeSet.worktree,
            base: HOSTED.editBase(id),
            workers,
            save: changeSetSaver(repo, id, () => options.onCommitted(id)),
          }),
        );
        workspace.catch(() => open.delete(id));
        open.set(id, workspace);
      }
      return workspace;
    },
    published,
    atVersion: async (sha) => {
      // The full commit, or undefined when it is none (an abbreviation of the same commit is the same version).
      const full = await git(['rev-parse', '--verify', '--quiet', `${sha}^{commit}`]).then(
        (out) => out.trim(),
        () => undefined,
      );
      if (!full) return undefined;
      let rendering = versions.get(full);
      if (!rendering) {
        const dir = join(versionsDir, full);
        if (!existsSync(dir)) {
          // Extracted whole into a temporary name, renamed when complete: a crash never leaves half a version.
          const partial = `${dir}.partial`;
          await rm(partial, { recursive: true, force: true });
          await mkdir(partial, { recursive: true });
          await git(['archive', '--output', join(partial, 'content.tar'), full, CONTENT]);
          await run('tar', ['-x', '-f', join(partial, 'content.tar'), '-C', partial]);
          await rename(partial, dir);
        }
        rendering = workers.renderingOf(join(dir, CONTENT));
        versions.set(full, rendering);
        for (const old of [...versions.keys()].slice(0, Math.max(0, versions.size - KEPT_VERSIONS))) {
          versions.delete(old);
          workers.forget(join(versionsDir, old, CONTENT));
          await rm(join(versionsDir, old), { recursive: true, force: true });
        }
      }
      return rendering;
    },
    siteErrors: (worktree) => workers.siteErrors(join(worktree, CONTENT)),
    close: (id) => {
      void open.get(id)?.then(
        (workspace) => workspace.dispose(),
        () => undefined,
      );
      open.delete(id);
    },
    stop: () => workers.close(),
  };
}
