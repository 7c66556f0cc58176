/**
 * The accounts an editor host test starts from (test-support/editor-host.ts: the accounts' SQLite file), made once
 * per version of what they are made of and copied for each test. Making them took most of a preparation's few
 * seconds (every account's password is hashed with scrypt, 4 to 24 of them), forty times a run; copying takes
 * milliseconds. (The site's git repository is still made per test: a copy of a kept one, identical but for its
 * commit's time, left two browser tests' page previews unshown, cause not found.)
 * Kept in node_modules/.cache/editor-host-prepared/<key>/: the key is a hash of the contents (never the times or the
 * folder) of the account store's code, this code and what the test asked for, so a
 * project copied with `cp -a` uses its copy rightly, and a change to any of them makes a new one. Each is made in a
 * folder of its own and renamed into place once whole (two files making the same one at once keep the first); the
 * most recently used ones are kept.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const CACHE = join(ROOT, 'node_modules', '.cache', 'editor-host-prepared');
/** Folders and files whose contents the prepared accounts are made of. */
const SOURCES = ['src/editor/host/accounts', 'src/leads/contract/email-rule.ts', 'test-support/editor-host.ts'];
/** Prepared accounts of this many kinds (people, versions) are kept; the least recently used are removed. */
const KEPT = 12;

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

function keyOf(asked: unknown): string {
  const hash = createHash('sha256').update(JSON.stringify(asked));
  for (const file of SOURCES.flatMap((source) => filesUnder(join(ROOT, source)))) {
    hash.update(`\0${relative(ROOT, file)}\0`).update(readFileSync(file));
  }
  return hash.digest('hex');
}

function removeLeastRecentlyUsed() {
  const kept = readdirSync(CACHE, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^[0-9a-f]{64}$/.test(entry.name))
    .map((entry) => ({ dir: join(CACHE, entry.name), time: statSync(join(CACHE, entry.name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { dir } of kept.slice(KEPT)) rmSync(dir, { recursive: true, force: true });
}

/**
 * Fills `into` (an empty folder) with a copy of what `make` writes into a folder, for what was `asked` (plain JSON:
 * the options that change what `make` makes). `make` runs only when no copy of this version is kept; it must write
 * nothing that names its folder, since the copy lives elsewhere.
 */
export async function copyPrepared(into: string, asked: unknown, make: (dir: string) => Promise<void>): Promise<void> {
  // EDITOR_HOST_PREPARED=fresh makes it in place, as before there was a cache (to tell a cache's fault from another).
  if (process.env.EDITOR_HOST_PREPARED === 'fresh') return make(into);
  const key = keyOf(asked);
  const kept = join(CACHE, key);
  try {
    statSync(join(kept, '.whole'));
  } catch {
    mkdirSync(CACHE, { recursive: true });
    const making = mkdtempSync(join(CACHE, `making-${key.slice(0, 8)}-`));
    await make(making);
    writeFileSync(join(making, '.whole'), '');
    try {
      renameSync(making, kept);
    } catch {
      // Another file made the same at the same time: its copy is as good.
      rmSync(making, { recursive: true, force: true });
    }
    removeLeastRecentlyUsed();
  }
  const now = new Date();
  utimesSync(kept, now, now);
  // A plain copy: the files new (their times now, no hard links shared with the kept one), as if made here.
  execFileSync('cp', ['-R', `${kept}/.`, into]);
  rmSync(join(into, '.whole'));
}
