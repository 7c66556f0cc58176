/**
 * What the server serves from DIST_DIR. A folder: read once at startup, as ever. A link to a release (a publish made
 * it, scripts/build/publish.ts): read again on each request (one readlink), so the release a publish swaps in is served
 * from the next request on, without a restart, with its own CSP hashes and not-found pages, loaded the first time it
 * is seen. A request is answered whole from the release the link named when it arrived (its file, its CSP, its
 * not-found page): never a page of one release with the headers of another, and a release's folder never changes.
 * An asset the release does not have is looked for in the releases kept beside it (each has its manifest beside it,
 * `<id>.release.json`), newest first: a page opened before a swap still loads the scripts it names.
 */
import { existsSync, lstatSync, readdirSync, readlinkSync, statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { basename, dirname, join, resolve } from 'node:path';
import { loadRelease, type SiteRelease } from './site-release';

/** What a publish writes beside each release folder; the server only checks that it is there. */
const RELEASE_MANIFEST_SUFFIX = '.release.json';

export interface ServedSite {
  /** Whether DIST_DIR is a link that is followed anew on each request. */
  followsLink: boolean;
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
  let followsLink = false;
  try {
    followsLink = lstatSync(distDir).isSymbolicLink();
  } catch {
    // Missing: served as a folder, as before (every page is then the built-in not-found page).
  }
  if (!followsLink) {
    const release = loadRelease(distDir);
    return { followsLink, current: () => release, hold: () => {}, of: () => release };
  }
  let target = '';
  let release: SiteRelease | undefined;
  const current = (): SiteRelease => {
    let now: string;
    try {
      now = readlinkSync(distDir);
    } catch {
      // The link is replaced by rename(2), so it is never missing; if someone removed it, serve what was served.
      if (release) return release;
      throw new Error(`DIST_DIR ${distDir} is a link that can no longer be read`);
    }
    if (now !== target || !release) {
      const dir = resolve(dirname(distDir), now);
      release = loadRelease(dir, releasesBeside(dir));
      target = now;
    }
    return release;
  };
  const held = new WeakMap<IncomingMessage, SiteRelease>();
  current();
  return {
    followsLink,
    current,
    hold: (request) => held.set(request, current()),
    of: (request) => held.get(request) ?? current(),
  };
}
