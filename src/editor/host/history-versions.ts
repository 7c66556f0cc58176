/**
 * The versions of the whole site that history and published reviews show: each written out once from git into
 * `<dataDir>/versions/<sha>/` (changes/extract-content.ts) and rendered by a content worker. The last few used are
 * kept, and each is dropped once unused for the idle time; never while a request is using it (it goes when that
 * request ends), and a drop renames its folder away at once, so a request that comes meanwhile writes it out again
 * instead of reading a folder being removed. What an earlier run left in the folder is removed at start.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { extractContent } from './changes';

export interface HistoryVersionsOptions<V> {
  /** `<dataDir>/versions`. */
  dir: string;
  /** The editor's repository. */
  gitDir: string;
  /** The content folder inside the repository (`pages-json`). */
  content: string;
  /** How many versions stay written out. */
  kept: number;
  idleMs: number;
  now: () => number;
  /** A content worker's rendering of a content folder, and its forgetting of it. */
  renderingOf: (contentDir: string) => V;
  forget: (contentDir: string) => void;
  log: (message: string) => void;
}

interface Held<V> {
  version: V;
  usedAt: number;
  /** Requests using it now. */
  inUse: number;
  /** Dropped once nobody uses it. */
  dropWhenUnused?: boolean;
}

export function historyVersions<V>(options: HistoryVersionsOptions<V>) {
  const { dir, gitDir, content, now, log } = options;
  // What an earlier run left (its versions, a half-written or half-removed one after a crash) is never trusted nor
  // kept for ever: written out again when asked for.
  rmSync(dir, { recursive: true, force: true });
  const held = new Map<string, Held<V>>();
  /** Each version being written out: once, however many ask for it at once (two would share one temporary folder). */
  const writing = new Map<string, Promise<void>>();
  const folderOf = (sha: string) => join(dir, sha);

  const writeOut = (sha: string) => {
    let written = writing.get(sha);
    if (!written) {
      // Written whole into a temporary name, renamed when complete: a crash never leaves half a version.
      const partial = `${folderOf(sha)}.partial`;
      written = (async () => {
        await rm(partial, { recursive: true, force: true });
        await mkdir(partial, { recursive: true });
        await extractContent(gitDir, sha, content, partial);
        await rename(partial, folderOf(sha));
      })().finally(() => writing.delete(sha));
      writing.set(sha, written);
    }
    return written;
  };

  /** Forgotten by its worker, its folder renamed away at once (so it is written out again if asked for) and removed. */
  const drop = (sha: string) => {
    held.delete(sha);
    options.forget(join(folderOf(sha), content));
    const gone = `${folderOf(sha)}.dropped-${randomUUID()}`;
    try {
      renameSync(folderOf(sha), gone);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log(`version ${sha} could not be removed: ${String(error)}`);
      return;
    }
    rm(gone, { recursive: true, force: true }).catch((error: unknown) => log(`version ${sha} could not be removed: ${String(error)}`));
  };

  const dropOrMark = (sha: string, entry: Held<V>) => {
    if (entry.inUse) entry.dropWhenUnused = true;
    else drop(sha);
  };

  /** Those beyond the number kept, least recently used first. */
  const trim = () => {
    const byUse = [...held].sort(([, a], [, b]) => a.usedAt - b.usedAt);
    for (const [sha, entry] of byUse.slice(0, Math.max(0, held.size - options.kept))) dropOrMark(sha, entry);
  };

  return {
    /** Runs `work` on the site's version at the full commit `sha`, kept while it runs. */
    async using<R>(sha: string, work: (version: V) => Promise<R>): Promise<R> {
      let entry = held.get(sha);
      if (!entry || entry.dropWhenUnused) {
        if (!existsSync(folderOf(sha))) await writeOut(sha);
        // Another request may have taken it meanwhile.
        entry = held.get(sha);
        if (!entry) {
          entry = { version: options.renderingOf(join(folderOf(sha), content)), usedAt: now(), inUse: 0 };
          held.set(sha, entry);
        }
        entry.dropWhenUnused = false;
      }
      entry.inUse++;
      entry.usedAt = now();
      trim();
      try {
        return await work(entry.version);
      } finally {
        entry.inUse--;
        entry.usedAt = now();
        if (!entry.inUse && entry.dropWhenUnused && held.get(sha) === entry) drop(sha);
      }
    },

    /** Drops those unused for the idle time (or marks those in use); returns how many. */
    sweep(): number {
      const time = now();
      let dropped = 0;
      for (const [sha, entry] of [...held])
        if (!entry.dropWhenUnused && time - entry.usedAt >= options.idleMs) {
          dropped++;
          dropOrMark(sha, entry);
        }
      return dropped;
    },
  };
}
