/**
 * What a build of dist/ was made from, as one hash: every content document, generated schema,
 * source file and build setting. The build records it in dist/; `npm start` compares it with the
 * working tree so a marketer's edit (or a colleague's pulled change) is never served stale.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildEnv, CONTENT_DIR, ROOT_DIR } from '../load/content-env';

/** Written into dist/ by the build; a dotfile, so the static server never serves it. */
export const FINGERPRINT_FILE = '.build-fingerprint';

/**
 * What the build's bundles are made from (they carry no content), in the project's folder, besides node_modules
 * (covered by the lockfile). The build scripts are here too: a change to how pages are rendered or bundles kept is a
 * change to the site `npm start` serves.
 */
const CODE_INPUTS = ['schemas', 'src', 'public', 'scripts/build', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** A hash of files' paths (from `root`) and contents (not times, which a checkout resets), after `start`. */
function hashFiles(root: string, start: string, paths: string[]): string {
  const hash = createHash('sha256').update(start);
  for (const file of paths.flatMap(filesUnder).sort()) hash.update(`\0${relative(root, file)}\0`).update(readFileSync(file));
  return hash.digest('hex');
}

/** A hash of the code the bundles are made from, in the project at `root`. */
export const codeFingerprint = (root = ROOT_DIR) =>
  hashFiles(
    root,
    '',
    CODE_INPUTS.map((path) => join(root, path)),
  );

/** A hash of the build's inputs: every content document, the code and the build settings. */
export const sourceFingerprint = (code = codeFingerprint()) => hashFiles(ROOT_DIR, `${code}\0${JSON.stringify(buildEnv())}`, [CONTENT_DIR]);

/** Whether dist/ holds a build of the current working tree. */
export function buildState(distDir: string): 'missing' | 'stale' | 'current' {
  if (!existsSync(join(distDir, 'index.html'))) return 'missing';
  const recorded = join(distDir, FINGERPRINT_FILE);
  return existsSync(recorded) && readFileSync(recorded, 'utf8') === sourceFingerprint() ? 'current' : 'stale';
}
