/**
 * Releases: each publish writes a whole site into a folder of its own, `<releases>/<id>/` (first as
 * `<releases>/.partial-<id>/`, renamed when whole), then points the served link at it with rename(2), which replaces
 * the link atomically: a request finds the old site or the new one, never half of either, and the old one is served
 * until the new one is whole. The last few releases are kept, so pages already open still find their assets (the
 * public server looks there: server/served-site.ts); older ones and leftovers of stopped publishes are removed.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { releaseManifestFile } from './release-manifest';

/** A release's name: when it was made (sortable, UTC) and a few random letters, `20261201T101502123Z-9f3a`. */
const RELEASE_ID = /^\d{8}T\d{9}Z-[0-9a-f]{4}$/;
const PARTIAL_PREFIX = '.partial-';
/** A folder a stopped publish left half-written is removed after this long (a running publish may be writing it). */
const LEFTOVER_MS = 30 * 60_000;

export function newReleaseId(now = new Date()): string {
  return `${now.toISOString().replace(/[-:.]/g, '')}-${randomBytes(2).toString('hex')}`;
}

/** Where a release is written, then where it is once whole. */
export const partialDir = (releasesDir: string, id: string) => join(releasesDir, `${PARTIAL_PREFIX}${id}`);
export const releaseDir = (releasesDir: string, id: string) => join(releasesDir, id);

/**
 * The folder the served link points at, or undefined when there is no link yet. A folder (not a link) in its place
 * is refused: it is a site served some other way, which a publish must not replace.
 */
export function servedRelease(link: string): string | undefined {
  let isLink: boolean;
  try {
    isLink = lstatSync(link).isSymbolicLink();
  } catch {
    return undefined;
  }
  if (!isLink) throw new Error(`${link} is a folder or file, not a link to a release: move it away, then publish again`);
  return resolve(dirname(link), readlinkSync(link));
}

/** What is at the served link's place: nothing yet, a link (to a release), or a folder or file something else made. */
export function servedKind(link: string): 'missing' | 'link' | 'folder' {
  try {
    return lstatSync(link).isSymbolicLink() ? 'link' : 'folder';
  } catch {
    return 'missing';
  }
}

/** renameat2(2)'s number on the architectures that have it under one number (x86-64, arm64). */
const RENAMEAT2: Partial<Record<string, number>> = { x64: 316, arm64: 276 };

/**
 * Exchanges two paths atomically (renameat2 with RENAME_EXCHANGE), the only way to put a link where a folder is
 * without a moment when there is neither: Node has no call for it, so Perl's `syscall` (in every Debian, perl-base)
 * makes it. False when it cannot (another system, no Perl): the caller then renames twice.
 */
function exchangePaths(a: string, b: string): boolean {
  const number = RENAMEAT2[process.arch];
  if (number === undefined || process.platform !== 'linux') return false;
  const exchange = 'exit(syscall($ARGV[0] + 0, -100, $ARGV[1], -100, $ARGV[2], 2) == 0 ? 0 : 1)';
  return spawnSync('perl', ['-e', exchange, String(number), a, b]).status === 0;
}

/**
 * Takes over a folder at the served link's place (`npm start` built one there before anything was published): copied
 * into a release of its own, then the link to that copy exchanged with the folder atomically, so a public server
 * started on the folder keeps serving the same files, through the link from then on (server/served-site.ts follows it).
 * The copy has a marker beside it, not a manifest this code reads: the server takes it for a release, and the next
 * publish builds whole. Returns the release's folder.
 */
export function takeOverFolder(link: string, releasesDir: string): string {
  const id = newReleaseId();
  const partial = partialDir(releasesDir, id);
  cpSync(link, partial, { recursive: true });
  const dir = releaseDir(releasesDir, id);
  renameSync(partial, dir);
  writeFileSync(releaseManifestFile(dir), JSON.stringify({ id, takenOver: link }));
  const next = `${link}.next-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  symlinkSync(relative(dirname(link), dir), next);
  if (!exchangePaths(next, link)) {
    // No atomic exchange here: a request arriving between the two renames finds no site.
    const aside = `${link}.taken-over-${process.pid}`;
    renameSync(link, aside);
    renameSync(next, link);
    rmSync(aside, { recursive: true, force: true });
  } else {
    rmSync(next, { recursive: true, force: true }); // the folder, now beside the link
  }
  return dir;
}

/** Points `link` at `release` atomically: a new link beside it, renamed over it. */
export function swapServed(link: string, release: string) {
  mkdirSync(dirname(link), { recursive: true });
  const next = `${link}.next-${process.pid}`;
  rmSync(next, { force: true });
  // Relative, so the folder holding the link and the releases can be moved or mounted elsewhere whole.
  symlinkSync(relative(dirname(link), release), next);
  renameSync(next, link);
}

/**
 * Removes all but the `keep` newest releases (never `served`), with their manifests, and the leftovers of stopped
 * publishes. Returns the ids removed.
 */
export function pruneReleases(releasesDir: string, keep: number, served: string): string[] {
  const entries = readdirSync(releasesDir, { withFileTypes: true });
  const releases = entries
    .filter((entry) => entry.isDirectory() && RELEASE_ID.test(entry.name))
    .map((entry) => entry.name)
    .sort()
    .reverse();
  const removed = releases.slice(keep).filter((id) => releaseDir(releasesDir, id) !== served);
  for (const id of removed) {
    // The manifest first: without it the folder is no longer a release the server falls back to.
    rmSync(releaseManifestFile(releaseDir(releasesDir, id)), { force: true });
    rmSync(releaseDir(releasesDir, id), { recursive: true, force: true });
  }
  for (const entry of entries) {
    if (!entry.name.startsWith(PARTIAL_PREFIX)) continue;
    const path = join(releasesDir, entry.name);
    if (statSync(path).mtimeMs < Date.now() - LEFTOVER_MS) rmSync(path, { recursive: true, force: true });
  }
  return removed;
}

/**
 * Takes the releases folder for this publish: one publish at a time (two would each build from the same previous
 * release and the second swap would undo the first). A lock left by a process that no longer runs is taken over.
 * Returns the function that gives it back; throws PublishBusy when another publish holds it.
 */
export function lockReleases(releasesDir: string): () => void {
  const lock = join(releasesDir, '.publish.lock');
  mkdirSync(releasesDir, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = lockHolder(lock);
      if (holder === undefined ? isRecent(lock) : isRunning(holder)) throw new PublishBusy(holder);
      rmSync(lock, { recursive: true, force: true });
    }
  }
  throw new PublishBusy(undefined);
}

/** Whether a running publish holds the releases folder's lock (one left by a killed process does not count). */
export function releasesLocked(releasesDir: string): boolean {
  const lock = join(releasesDir, '.publish.lock');
  if (!existsSync(lock)) return false;
  const holder = lockHolder(lock);
  return holder === undefined ? isRecent(lock) : isRunning(holder);
}

function lockHolder(lock: string): number | undefined {
  try {
    return Number(readFileSync(join(lock, 'pid'), 'utf8')) || undefined;
  } catch {
    return undefined;
  }
}

/** A lock just taken whose holder has not written its process id yet. */
function isRecent(lock: string): boolean {
  try {
    return statSync(lock).mtimeMs > Date.now() - 10_000;
  } catch {
    return false;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class PublishBusy extends Error {
  constructor(readonly holder: number | undefined) {
    super(`another publish is running${holder ? ` (process ${holder})` : ''}; try again when it has finished`);
  }
}

/** Every file under `dir`, as paths inside it. */
export const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
