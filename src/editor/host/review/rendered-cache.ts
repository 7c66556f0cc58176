/**
 * What a review renders (the pages a change set changes; a page before or after), kept on disk by what it was made
 * from, so opening a review again, after a restart or once its versions were dropped, reads files instead of loading
 * and rendering the site again. A key names content (git tree ids: content-identity.ts), the page and the editor's
 * code, never a time or a change set's state, so an entry is right for as long as it exists: a save makes new content
 * (a new key), a restore makes content seen before (its entry, still right). Bounded: at most `maxBytes` on disk,
 * the entries used least recently dropped first; in memory only each entry's size and last use. Each entry is written
 * whole under a temporary name and renamed, and names no path of this machine: the folder copies safely (`cp -a`).
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A value made for the cache, and whether it was made from exactly the content its key names: `false` when the content
 * had errors and the content worker rendered the last version without them in its place (content-state.ts `isCurrent`).
 */
export interface Made<T> {
  value: T;
  exact: boolean;
}

export interface RenderedCache {
  /**
   * The value kept for `key`, or `make`'s, kept when it was made from exactly the content the key names and
   * `unchanged` (asked once it is made) says that content is still what was read: a save between reading the key and
   * rendering must not be kept under the old key, nor the last valid content's rendering under a broken content's key.
   */
  get: <T>(key: readonly unknown[], make: () => Promise<Made<T>>, unchanged: () => Promise<boolean>) => Promise<T>;
  /** Bytes on disk now (what the bound holds). */
  bytes: () => Promise<number>;
}

export interface RenderedCacheOptions {
  dir: string;
  maxBytes: number;
  /** The editor's code: another build renders otherwise. */
  codeKey: string;
  log: (message: string) => void;
}

const SUFFIX = '.json';

export function renderedCache({ dir, maxBytes, codeKey, log }: RenderedCacheOptions): RenderedCache {
  /** Each entry's size and last use, read from the folder on first use. */
  let entries: Promise<Map<string, { size: number; used: number }>> | undefined;
  const making = new Map<string, Promise<unknown>>();
  /**
   * A use's time, strictly later than every use before it: two uses in one millisecond (a read right after a write)
   * would tie, and the tie dropped the entry just read (a CI run).
   */
  let lastUse = 0;
  const stampUse = () => (lastUse = Math.max(Date.now(), lastUse + 1));
  const index = () =>
    (entries ??= (async () => {
      await mkdir(dir, { recursive: true });
      const found = new Map<string, { size: number; used: number }>();
      for (const name of await readdir(dir)) {
        // Half written when the editor stopped: never renamed, never read.
        if (!name.endsWith(SUFFIX)) await rm(join(dir, name), { force: true });
        else {
          const info = await stat(join(dir, name));
          found.set(name, { size: info.size, used: info.mtimeMs });
          lastUse = Math.max(lastUse, info.mtimeMs);
        }
      }
      return found;
    })().catch((error: unknown) => {
      entries = undefined; // tried again on the next use, not failing every review until a restart
      throw error;
    }));

  const total = (known: Map<string, { size: number }>) => [...known.values()].reduce((sum, entry) => sum + entry.size, 0);

  /** Drops the least recently used until the folder holds at most three quarters of the bound. */
  async function trim(known: Map<string, { size: number; used: number }>) {
    let bytes = total(known);
    if (bytes <= maxBytes) return;
    for (const [name, entry] of [...known].sort((a, b) => a[1].used - b[1].used)) {
      if (bytes <= maxBytes * 0.75) break;
      known.delete(name);
      bytes -= entry.size;
      await rm(join(dir, name), { force: true });
    }
  }

  async function read(name: string): Promise<{ value: unknown } | undefined> {
    const known = await index();
    const entry = known.get(name);
    if (!entry) return undefined;
    try {
      const kept = JSON.parse(await readFile(join(dir, name), 'utf8')) as { value: unknown };
      entry.used = stampUse();
      // Its last use on disk too, for the next start's order.
      await utimes(join(dir, name), new Date(), new Date()).catch(() => undefined);
      return kept;
    } catch {
      known.delete(name);
      return undefined;
    }
  }

  async function keep(name: string, value: unknown) {
    const known = await index();
    const text = JSON.stringify({ value });
    const partial = join(dir, `${name}.${randomUUID()}.partial`);
    try {
      await writeFile(partial, text);
      await rename(partial, join(dir, name));
    } catch (error) {
      await rm(partial, { force: true }); // a full disk must not fill up with half-written entries
      throw error;
    }
    known.set(name, { size: Buffer.byteLength(text), used: stampUse() });
    await trim(known);
  }

  return {
    get: async <T>(key: readonly unknown[], make: () => Promise<Made<T>>, unchanged: () => Promise<boolean>): Promise<T> => {
      const name = `${createHash('sha256')
        .update(JSON.stringify([codeKey, ...key]))
        .digest('hex')}${SUFFIX}`;
      const kept = await read(name).catch((error: unknown) => log(`the review cache could not be read: ${String(error)}`));
      if (kept) return kept.value as T;
      // Two people opening the same review at once: made once.
      let pending = making.get(name) as Promise<T> | undefined;
      if (!pending) {
        pending = (async () => {
          const { value, exact } = await make();
          if (exact && (await unchanged()))
            await keep(name, value).catch((error: unknown) => log(`a review page could not be kept: ${String(error)}`));
          return value;
        })();
        making.set(name, pending);
        void pending.finally(() => making.delete(name)).catch(() => undefined);
      }
      return pending;
    },
    bytes: async () => total(await index()),
  };
}
