/**
 * The review's kept renderings (rendered-cache.ts) in `<EDITOR_DATA_DIR>/review-cache/`, keyed by the content's git
 * tree (content-identity.ts) and the editor's bundles: what a review shows is made once per content and read after.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuiltAssets } from '../built-assets';
import type { Git } from '../changes/git';
import { contentIdentity } from './content-identity';
import { renderedCache, type Made } from './rendered-cache';

/** EDITOR_REVIEW_CACHE_MB: 256 unless set (a page is some 100 kB: a few thousand pages before and after). */
const MEGABYTES = 256;

export interface ReviewCache {
  /**
   * `make`'s value for the content at these commits (made afresh when one is not a commit) and `key`; kept only when
   * made from exactly that content (`Made.exact`: not while it has errors).
   */
  atCommits: <T>(shas: string[], key: readonly unknown[], make: () => Promise<Made<T>>) => Promise<T>;
  /**
   * `make`'s value for a worktree's content and `key`: kept by its tree when its content is exactly its HEAD's, its
   * HEAD did not move while `make` ran and it was made from exactly that content; made afresh, and not kept, while a
   * save is being written or the content has errors.
   */
  inWorktree: <T>(worktree: string, key: readonly unknown[], make: () => Promise<Made<T>>) => Promise<T>;
  bytes: () => Promise<number>;
}

/** The bundles' identity: their manifests name each file by its content's hash, and the renderer's entry. */
function codeKeyOf(assets: BuiltAssets): string {
  const hash = createHash('sha256');
  for (const file of ['client/.vite/manifest.json', 'server/.vite/manifest.json', 'server/render-draft.js'])
    hash.update(readFileSync(join(assets.buildDir, file)));
  return hash.digest('hex');
}

export function reviewCacheSettings(env: NodeJS.ProcessEnv): { maxBytes: number } {
  const text = env.EDITOR_REVIEW_CACHE_MB;
  const megabytes = text === undefined || text === '' ? MEGABYTES : Number(text);
  if (!Number.isFinite(megabytes) || megabytes <= 0) throw new Error(`EDITOR_REVIEW_CACHE_MB must be a positive number, not "${text}"`);
  return { maxBytes: megabytes * 1024 * 1024 };
}

export function createReviewCache(options: {
  dataDir: string;
  git: Git;
  assets: BuiltAssets;
  maxBytes: number;
  log: (message: string) => void;
}): ReviewCache {
  const kept = renderedCache({
    dir: join(options.dataDir, 'review-cache'),
    maxBytes: options.maxBytes,
    codeKey: codeKeyOf(options.assets),
    log: options.log,
  });
  const identity = contentIdentity(options.git);
  /** The content's identity, or none when git cannot say (a worktree retired meanwhile): then nothing is kept. */
  const orNone = async <T>(read: () => Promise<T | undefined>) => {
    try {
      return await read();
    } catch (error) {
      options.log(`a review's content could not be named, so it is not kept: ${String(error)}`);
      return undefined;
    }
  };
  return {
    atCommits: async (shas, key, make) => {
      const trees = await orNone(() => Promise.all(shas.map(identity.atCommit)));
      if (!trees || trees.some((tree) => tree === undefined)) return (await make()).value;
      return kept.get([...trees, ...key], make, () => Promise.resolve(true));
    },
    inWorktree: async (worktree, key, make) => {
      const state = await orNone(() => identity.ofWorktree(worktree));
      if (!state) return (await make()).value;
      return kept.get([state.tree, ...key], make, async () => (await orNone(() => identity.ofWorktree(worktree)))?.commit === state.commit);
    },
    bytes: kept.bytes,
  };
}
