/**
 * The build's two bundles kept by what they are made from: the code, never the content, which they do not carry. A
 * build of code an earlier build had (a marketer's content change; each content variant a test builds) copies that
 * build's bundles instead of bundling again, which is about 4 s of a build on a 2-core machine. Kept in
 * node_modules/.cache/reachwell-bundles/, the few most recently used.
 *
 * BUNDLE_CACHE=off neither takes nor keeps bundles (a test's throwaway copy of the project); BUNDLE_CACHE=fresh
 * bundles, and keeps the result if no build of this code kept one yet.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR } from '../../src/engine/load/content-env';

const CACHE_DIR = join(ROOT_DIR, 'node_modules', '.cache', 'reachwell-bundles');
/** Bundles of this many code versions are kept: a branch switched back and forth reuses its own. */
const KEEP = 4;
/** A folder a build left half-written or half-removed (it was stopped) is removed after this long. */
const LEFTOVER_MS = 10 * 60_000;
const mode = process.env.BUNDLE_CACHE;

interface Bundles {
  /** The browser bundle's folder (the build's dist/ before its pages). */
  client: string;
  /** The prerender bundle's folder. */
  server: string;
}

/**
 * The bundles' key: their code (sources, settings, lockfile), the Node that made them, and the checkout they are made
 * in: the prerender bundle imports from this project's node_modules, so a copied or moved project (whose
 * node_modules/.cache came along) bundles for itself rather than trust another checkout's.
 */
export const bundleKey = (codeFingerprint: string) =>
  createHash('sha256').update(`${codeFingerprint}\0${process.version}\0${ROOT_DIR}`).digest('hex').slice(0, 24);

/** Copies the kept bundles of `key` into place; false when there are none. */
export const restoreBundles = (key: string, to: Bundles): boolean => restore(key, to);

/**
 * Copies the kept prerender bundle of `key` into `to`; false when there is none. An incremental publish renders the
 * changed pages with it and takes the browser bundle's files from the release before.
 */
export const restorePrerenderBundle = (key: string, to: string): boolean => restore(key, { server: to });

function restore(key: string, to: Partial<Bundles>): boolean {
  if (mode === 'off' || mode === 'fresh') return false;
  const kept = join(CACHE_DIR, key);
  if (!existsSync(kept)) return false;
  const parts = Object.entries(to);
  try {
    const now = new Date();
    utimesSync(kept, now, now); // used now: the last to be forgotten while it is copied
    for (const [part, folder] of parts) cpSync(join(kept, part), folder, { recursive: true });
    return true;
  } catch {
    // Forgotten meanwhile by another build making room: bundle again.
    for (const [, folder] of parts) rmSync(folder, { recursive: true, force: true });
    return false;
  }
}

/** A folder being written (`.partial`) or removed (`.trash`), not a kept entry. */
const isInTransit = (name: string) => /\.(partial|trash)$/.test(name);

/** Keeps the bundles just made under `key`, and forgets all but the most recently used. */
export function keepBundles(key: string, from: Bundles) {
  if (mode === 'off') return;
  const partial = join(CACHE_DIR, `${key}.${process.pid}.partial`);
  try {
    mkdirSync(partial, { recursive: true });
    cpSync(from.client, join(partial, 'client'), { recursive: true });
    cpSync(from.server, join(partial, 'server'), { recursive: true });
    // Renamed whole: a build reading the cache never sees half of it (another build may have kept the same key first).
    if (existsSync(join(CACHE_DIR, key))) rmSync(partial, { recursive: true, force: true });
    else renameSync(partial, join(CACHE_DIR, key));
  } catch {
    rmSync(partial, { recursive: true, force: true }); // a read-only or full disk: the next build bundles again
    return;
  }
  const usedAt = (name: string) => {
    try {
      return statSync(join(CACHE_DIR, name)).mtimeMs;
    } catch {
      return 0; // forgotten meanwhile by another build
    }
  };
  const entries = readdirSync(CACHE_DIR).map((name) => ({ name, used: usedAt(name) }));
  const kept = entries.filter(({ name }) => !isInTransit(name)).sort((a, b) => b.used - a.used);
  const leftovers = entries.filter(({ name, used }) => isInTransit(name) && used < Date.now() - LEFTOVER_MS);
  for (const { name } of kept.slice(KEEP)) forgetBundles(name);
  for (const { name } of leftovers) rmSync(join(CACHE_DIR, name), { recursive: true, force: true });
}

/**
 * Forgets the kept bundles of `key` (also bench:build, to time a build that bundles): moved aside whole, then removed,
 * so a build copying from it meanwhile fails to find it (and bundles), never copies half.
 */
export function forgetBundles(key: string) {
  const trash = join(CACHE_DIR, `${key}.${process.pid}.trash`);
  try {
    renameSync(join(CACHE_DIR, key), trash);
  } catch {
    return; // forgotten by another build first
  }
  rmSync(trash, { recursive: true, force: true });
}
