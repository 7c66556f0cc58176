/**
 * What the server serves from DIST_DIR, looked at anew on each request (one readlink). A folder: read once, as ever,
 * for as long as it stays a folder. A link to a release (a publish made it, scripts/build/publish.ts; or the hosted
 * editor took over the folder the server started on and put a link in its place): the release a publish swaps in is
 * served from the next request on, without a restart, with its own CSP hashes and not-found pages, loaded the first time it
 * is seen. A request is answered whole from the release the link named when it arrived (its file, its CSP, its
 * not-found page): never a page of one release with the headers of another, and a release's folder never changes.
 * An asset the release does not have is looked for in the releases kept beside it (each has its manifest beside it,
 * `<id>.release.json`), newest first: a page opened before a swap still loads the scripts it names.
 */
import { existsSync, readdirSync, readlinkSync, statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { basename, dirname, join, resolve } from 'node:path';
import { loadRelease, type SiteRelease } from './site-release';

/** What a publish writes beside each release folder; the server only checks that it is there. */
const RELEASE_MANIFEST_SUFFIX = '.release.json';

export interface ServedSite {
  /** The release a request arriving now is served from. */
  current(): SiteRelease;
  /** Ties `request` to the release served now: what of() gives for it from then on. */
  hold(request: IncomingMessage): void;
  /** The release `request` is served from (current() for one not held: an answer written before any hook ran). */
  of(request: IncomingMessage): SiteRelease;
}

const isRelease = (dir: string) => existsSync(`${dir}${RELEASE_MANIFEST_SUFFIX}`);

/** The other releases beside `dir`, newest first (release names sort by time), when `dir` is itself a release. */
function releasesBeside(dir: string): string[] {
  if (!isRelease(dir)) return [];
  const parent = dirname(dir);
  return readdirSync(parent)
    .filter(
      (name) =>
        name !== basename(dir) && !name.startsWith('.') && isRelease(join(parent, name)) && statSync(join(parent, name)).isDirectory(),
    )
    .sort()
    .reverse()
    .map((name) => join(parent, name));
}

export function servedSite(distDir: string): ServedSite {
  /** What DIST_DIR was when `release` was loaded: the link's text, or null for a folder (or nothing). */
  let target: string | null | undefined;
  let release: SiteRelease | undefined;
  const current = (): SiteRelease => {
    let now: string | null;
    try {
      now = readlinkSync(distDir);
    } catch (error) {
      // A folder (EINVAL) is served as it is; a link is replaced by rename(2), so missing is someone removing it
      // (or, on a system without an atomic exchange, a folder being taken over): serve what was served.
      if ((error as NodeJS.ErrnoException).code !== 'EINVAL' && release) return release;
      now = null;
    }
    if (now !== target || !release) {
      const dir = now === null ? distDir : resolve(dirname(distDir), now);
      release = now === null ? loadRelease(dir) : loadRelease(dir, releasesBeside(dir));
      target = now;
    }
    return release;
  };
  const held = new WeakMap<IncomingMessage, SiteRelease>();
  current();
  return {
    current,
    hold: (request) => held.set(request, current()),
    of: (request) => held.get(request) ?? current(),
  };
}
