/**
 * Publishes the content of CONTENT_DIR as a new release and serves it:
 *   node scripts/tools/run-bundled.mjs scripts/build/publish.ts [--full] [--json]
 * The content is checked as `npm run build` checks it (an error publishes nothing). The release is built into a
 * folder of its own in RELEASES_DIR, from the release SITE_LINK serves when it is of the same code (only the pages
 * whose inputs changed are rendered), else whole (release-build.ts); then SITE_LINK is pointed at it atomically and
 * all but the KEEP_RELEASES newest releases are removed (release.ts). The folder is byte for byte what `npm run build`
 * writes for the same content. A folder at SITE_LINK's place (`npm start` built one before anything was published) is
 * taken over first: moved into a release of its own and replaced by a link atomically (release.ts takeOverFolder).
 *
 * Settings: CONTENT_DIR (pages-json/), RELEASES_DIR (required), SITE_LINK (<RELEASES_DIR>/current: the public server's
 * DIST_DIR), KEEP_RELEASES (3), RELEASE_COMMIT (the commit the content is of, recorded in the release's manifest: the
 * hosted editor compares it with its published branch at start), FIRST_RELEASE=1 (only when SITE_LINK does not exist
 * yet: `npm start`'s first release, which must never replace one the editor made while this one was validating).
 * `--full` builds whole whatever the release before; `--json` prints the summary as JSON.
 * Exit codes: 0 published (the last line of standard output says what); 1 the content has errors or a page could not be
 * rendered (printed on standard error; nothing published); 2 a setting is wrong; 3 another publish is running; 4 the
 * publish failed otherwise (the message says why); 5 FIRST_RELEASE and SITE_LINK exists (nothing done). Whenever it
 * is not 0, the site served is the one served before.
 */
import './production-env';
import '../../src/engine/tooling/zod-one-shot';
import { renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { codeFingerprint, sourceFingerprint } from '../../src/engine/tooling/build-fingerprint';
import { bundleKey } from './bundle-cache';
import { checkContent } from './check-content';
import {
  lockReleases,
  newReleaseId,
  partialDir,
  pruneReleases,
  PublishBusy,
  releaseDir,
  servedKind,
  servedRelease,
  swapServed,
  takeOverFolder,
} from './release';
import { buildRelease } from './release-build';
import { readReleaseManifest, writeReleaseManifest } from './release-manifest';
import { renderInputs } from './render-inputs';

process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
const FLAGS = ['--full', '--json'];

class SettingError extends Error {}

function settingsFromEnv(args: string[]) {
  const unknown = args.filter((arg) => !FLAGS.includes(arg));
  if (unknown.length) throw new SettingError(`unknown argument ${unknown.join(' ')} (${FLAGS.join(', ')})`);
  const releases = process.env.RELEASES_DIR;
  if (!releases) throw new SettingError('RELEASES_DIR must name the folder releases are written to');
  const keep = Number(process.env.KEEP_RELEASES ?? 3);
  if (!Number.isInteger(keep) || keep < 2)
    throw new SettingError(
      `KEEP_RELEASES must be a whole number of at least 2 (the release served and the one before), not "${process.env.KEEP_RELEASES}"`,
    );
  const link = resolve(process.env.SITE_LINK || join(releases, 'current'));
  const commit = process.env.RELEASE_COMMIT || undefined;
  const firstOnly = process.env.FIRST_RELEASE === '1';
  return { releases: resolve(releases), link, keep, commit, firstOnly, full: args.includes('--full'), json: args.includes('--json') };
}

/** Old releases removed; a failure to remove them is said, and does not undo a publish that is done. */
function prune(releases: string, keep: number, served: string): string[] {
  try {
    return pruneReleases(releases, keep, served);
  } catch (error) {
    console.error(`publish: could not remove old releases (${(error as Error).message}); the next publish tries again`);
    return [];
  }
}

/** FIRST_RELEASE and the link exists: another publish made the first release. */
const ALREADY_SERVED = 5;

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function publish(args: string[]): Promise<number> {
  const { releases, link, keep, commit, firstOnly, full, json } = settingsFromEnv(args);
  const started = performance.now();
  // Taken before anything is read, as the build takes it.
  const code = codeFingerprint();
  const codeKey = bundleKey(code);
  const fingerprint = sourceFingerprint(code);
  const content = checkContent({ for: 'build' });
  if (!content) return 1;
  const validated = performance.now();

  const unlock = lockReleases(releases);
  let partial: string | undefined;
  try {
    // Looked at again in the lock: the editor's first release may have been served while this one validated.
    if (firstOnly && servedKind(link) !== 'missing') {
      console.log(`publish: ${link} serves a release already; nothing to do`);
      return ALREADY_SERVED;
    }
    const takenOver = servedKind(link) === 'folder' ? takeOverFolder(link, releases) : undefined;
    if (takenOver) console.error(`publish: ${link} was a folder: moved into the release ${takenOver}, and ${link} links to it now`);
    // This release's id after the taking over: releases are ordered by their ids, and the folder taken over is the older site.
    const id = newReleaseId();
    partial = partialDir(releases, id);
    const servedDir = servedRelease(link);
    const served = servedDir ? { dir: servedDir, manifest: readReleaseManifest(servedDir) } : undefined;
    const inputs = renderInputs(content, codeKey);
    const release = await buildRelease(partial, { content, code, codeKey, fingerprint, inputs, served, full });
    if (!release) return 1;
    const built = performance.now();

    const dir = releaseDir(releases, id);
    renameSync(partial, dir);
    // Its own id and commit last: a release built from the one before starts from that one's manifest.
    writeReleaseManifest(dir, { ...release.manifest, id, commit });
    swapServed(link, dir);
    const removedReleases = prune(releases, keep, dir);
    const done = performance.now();

    const pages = Object.keys(release.manifest.pages).length;
    const rerendered = release.rerendered.length;
    const { wholeBecause } = release;
    const summary = {
      release: id,
      dir,
      link,
      mode: wholeBecause ? 'full' : 'incremental',
      ...(wholeBecause ? { reason: wholeBecause } : {}),
      pages,
      rerendered,
      reused: pages - rerendered,
      rerenderedPages: release.rerendered,
      removedReleases,
      seconds: { validate: (validated - started) / 1000, build: (built - validated) / 1000, total: (done - started) / 1000 },
    };
    console.log(
      json
        ? JSON.stringify(summary)
        : `published ${id}: ${rerendered} of ${pages} pages rendered, ${pages - rerendered} reused ` +
            `(${wholeBecause ? `full build: ${wholeBecause}` : 'incremental'}); validate ${s(validated - started)}, ` +
            `build ${s(built - validated)}, total ${s(done - started)}; ${link} serves it`,
    );
    return 0;
  } finally {
    if (partial) rmSync(partial, { recursive: true, force: true });
    unlock();
  }
}

let exitCode: number;
try {
  exitCode = await publish(process.argv.slice(2));
} catch (error) {
  exitCode = error instanceof SettingError ? 2 : error instanceof PublishBusy ? 3 : 4;
  console.error(`publish: ${(error as Error).message}${exitCode === 4 ? '; the site served is unchanged' : ''}`);
  if (exitCode === 4 && process.env.BUILD_STACKS) console.error((error as Error).stack);
}
process.exit(exitCode);
