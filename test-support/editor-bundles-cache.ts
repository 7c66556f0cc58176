/**
 * The hosted editor's bundles for tests, made once per version of the code and shared by every test file that starts
 * an editor (a dozen server and browser files; each made its own, two Vite builds of several seconds, more on a busy
 * machine). Kept in node_modules/.cache/editor-bundles/<code fingerprint>/: keyed by a hash of the sources'
 * contents, never their times or the project's folder, so a copied project (cp -a) uses its copy rightly and a
 * changed source makes new bundles. One test file makes them while the others wait (a lock folder holding its
 * maker's process id); they are made into a folder of their own and renamed into place once whole.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { makeEditorBundles } from '../scripts/build/editor-bundles';
import { codeFingerprint } from '../src/engine/tooling/build-fingerprint';

const CACHE = join(import.meta.dirname, '..', 'node_modules', '.cache', 'editor-bundles');
/** Bundles of this many versions of the code are kept (a branch switched back and forth); older ones are removed. */
const KEPT = 3;

const whole = (dir: string, code: string) => {
  try {
    return readFileSync(join(dir, 'code-fingerprint'), 'utf8') === code;
  } catch {
    return false;
  }
};

/** Whether the process that took the lock still runs (a maker killed mid-way leaves its lock behind). */
function lockHeld(lock: string): boolean {
  try {
    process.kill(Number(readFileSync(join(lock, 'pid'), 'utf8')), 0);
    return true;
  } catch (error) {
    // No pid yet: the lock was taken a moment ago.
    return (error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function takeLock(lock: string): boolean {
  try {
    mkdirSync(lock);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (lockHeld(lock)) return false;
    rmSync(lock, { recursive: true, force: true });
    return false;
  }
  writeFileSync(join(lock, 'pid'), String(process.pid));
  return true;
}

function removeOlderVersions() {
  const versions = readdirSync(CACHE, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^[0-9a-f]{64}$/.test(entry.name))
    .map((entry) => ({ dir: join(CACHE, entry.name), time: statSync(join(CACHE, entry.name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { dir } of versions.slice(KEPT)) rmSync(dir, { recursive: true, force: true });
}

/** The folder holding the editor's bundles of the code as it is now (EDITOR_BUILD_DIR), made if missing. */
export async function editorBundlesOfThisCode(): Promise<string> {
  const code = codeFingerprint();
  const dir = join(CACHE, code);
  const lock = `${dir}.lock`;
  mkdirSync(CACHE, { recursive: true });
  while (!whole(dir, code)) {
    if (!takeLock(lock)) {
      // Another test file is making them: wait for it (polling a folder, the only event two processes share here).
      await sleep(250);
      continue;
    }
    try {
      if (whole(dir, code)) break;
      const making = mkdtempSync(join(CACHE, 'making-'));
      try {
        await makeEditorBundles(making);
        rmSync(dir, { recursive: true, force: true });
        renameSync(making, dir);
      } finally {
        rmSync(making, { recursive: true, force: true });
      }
      removeOlderVersions();
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  // Used now: the last to be removed of the versions kept.
  utimesSync(dir, new Date(), new Date());
  return dir;
}
