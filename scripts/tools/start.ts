/**
 * `npm start`: builds dist/ when it is missing or older than the working tree, then starts the lead server
 * (server/start.ts) in this same process, so a signal sent to npm reaches the server. A failed build prints
 * its own errors and why nothing is served, and exits 1. DIST_REBUILD=never serves DIST_DIR as it is (a
 * deployment that ships a prebuilt dist/ without the sources), and so is a DIST_DIR that is a link: a release that
 * publishing made and swaps (scripts/build/publish.ts), which a build here must never replace with a folder. A DIST_DIR
 * named `current` that does not exist yet is a releases folder's link (`DIST_DIR=<releases>/current`, as the hosted
 * editor's docs say): the site is built there as the first release and the link made (publish.ts), never a folder,
 * so the editor's publishes swap it; if the editor is making that first release right now, this waits for its link.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildState } from '../../src/engine/tooling/build-fingerprint';
import { releasesLocked } from '../build/release';
import { ROOT_DIR } from '../../src/engine/load/content-env';

const distDir = process.env.DIST_DIR || join(ROOT_DIR, 'dist');
const isLink = (path: string) => {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
};
const exists = (path: string) => existsSync(path) || isLink(path);

/** The first release of a releases folder, built from this checkout's content, with its link; false if it failed. */
async function buildFirstRelease(link: string): Promise<boolean> {
  console.log(`No release at ${link} yet: building the site as the first release of ${dirname(link)}`);
  // Built only while there is no link: once the editor made one, its release is the one to serve.
  while (!exists(link)) {
    // FIRST_RELEASE: if the editor's release appears while this one validates, it is left as it is (exit 5).
    const env = { ...process.env, RELEASES_DIR: dirname(link), SITE_LINK: link, FIRST_RELEASE: '1' };
    const run = spawnSync(process.execPath, [join('scripts', 'tools', 'run-bundled.mjs'), join('scripts', 'build', 'publish.ts')], {
      cwd: ROOT_DIR,
      stdio: 'inherit',
      env,
    });
    // 3: another publish holds the releases folder (the editor making the first release): wait for it, then look again.
    if (run.status !== 3) return exists(link);
    console.log(`Another publish is making the first release in ${dirname(link)}: waiting for it`);
    // Its lock watched, not this publish run again: each run validates the whole content first (a second of CPU).
    while (releasesLocked(dirname(link)) && !exists(link)) await sleep(500);
  }
  return true;
}

if (!exists(distDir) && basename(distDir) === 'current' && process.env.DIST_REBUILD !== 'never') {
  if (!(await buildFirstRelease(distDir))) {
    console.error(`\nnpm start: the first release could not be built; not serving ${distDir}. Fix what it reports and start again.`);
    process.exit(1);
  }
}
const state = process.env.DIST_REBUILD === 'never' || isLink(distDir) ? 'current' : buildState(distDir);
if (state !== 'current') {
  console.log(
    state === 'missing'
      ? `No build in ${distDir} yet: building the site first`
      : `Pages, schemas or code changed since the last build: rebuilding ${distDir}`,
  );
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT_DIR, stdio: 'inherit', env: { ...process.env, DIST_DIR: distDir } });
  if (build.error || build.status !== 0) {
    // The build printed what is wrong (file, block, field, hint); say why nothing is served, never serve a stale build.
    const why = build.error
      ? `could not run (${build.error.message})`
      : build.signal
        ? `was stopped by ${build.signal}`
        : `failed (exit ${build.status})`;
    console.error(
      `\nnpm start: the build ${why}; not serving ${distDir}. Fix what it reports and start again ` +
        '(DIST_REBUILD=never serves the existing build as it is).',
    );
    process.exit(1);
  }
}

await import('../../server/start');
