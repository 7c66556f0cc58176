/**
 * A bounded set of open things by key (the editor's workspaces): at most `limit` kept, each closed once unused for
 * `idleMs`, the least recently used closed first when a new one would go over the limit. One in use (a request
 * running on it, such as a save) is never closed: the pool goes over its limit for as long as that lasts, and
 * closes down to it when the work ends; closed on purpose while in use (a change set published, closed or removed),
 * it closes when that work ends. Opening is asynchronous; a failed open is forgotten, so the next use tries again.
 * Knows nothing of git or content: workspaces.ts says what opening and closing are.
 */

export interface OpenPoolOptions<T> {
  /** How many may stay open. */
  limit: number;
  /** How long one may stay open unused (milliseconds). */
  idleMs: number;
  /** The clock (the server's: tests move it). */
  now: () => number;
  /** What closing one does besides forgetting it (never awaited by the pool's callers). */
  onClose?: (key: string, value: T) => void;
}

interface Entry<T> {
  value: Promise<T>;
  lastUsed: number;
  /** Requests running on it now. */
  inUse: number;
  /** Closed while in use: closed once no request runs on it. */
  closeWhenUnused?: boolean;
}

export interface OpenPool<T> {
  /** Runs `work` on the key's value (opened with `open` when it is not), which stays open while `work` runs. */
  use: <R>(key: string, open: () => Promise<T>, work: (value: T) => Promise<R> | R) => Promise<R>;
  /** The key's value when open (not opening), without marking it used. */
  peek: (key: string) => Promise<T> | undefined;
  /** Closes the key's value now, or once the work running on it ends (it is not taken from under a request). */
  close: (key: string) => void;
  /** Closes what has been unused for too long, then the least recently used beyond the limit. */
  sweep: () => void;
  /** The keys open now, least recently used first. */
  keys: () => string[];
}

export function createOpenPool<T>({ limit, idleMs, now, onClose }: OpenPoolOptions<T>): OpenPool<T> {
  // A Map keeps insertion order: an entry used again is moved to the end, so the first is the least recently used.
  const entries = new Map<string, Entry<T>>();

  const close = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    if (entry.inUse > 0) return void (entry.closeWhenUnused = true);
    entries.delete(key);
    if (onClose)
      entry.value.then(
        (value) => onClose(key, value),
        () => undefined,
      );
  };

  const sweep = () => {
    const time = now();
    for (const [key, entry] of [...entries]) if (entry.inUse === 0 && time - entry.lastUsed >= idleMs) close(key);
    let over = entries.size - limit;
    for (const [key, entry] of [...entries]) {
      if (over <= 0) break;
      if (entry.inUse > 0) continue;
      close(key);
      over--;
    }
  };

  const use: OpenPool<T>['use'] = async (key, open, work) => {
    let entry = entries.get(key);
    if (entry) entries.delete(key);
    else {
      const value = open();
      const opened: Entry<T> = { value, lastUsed: now(), inUse: 0 };
      entry = opened;
      value.catch(() => {
        if (entries.get(key) === opened) entries.delete(key);
      });
    }
    entries.set(key, entry);
    entry.inUse++;
    entry.lastUsed = now();
    sweep();
    try {
      return await work(await entry.value);
    } finally {
      entry.inUse--;
      entry.lastUsed = now();
      if (entry.inUse === 0 && entry.closeWhenUnused && entries.get(key) === entry) close(key);
      sweep();
    }
  };

  return {
    use,
    peek: (key) => entries.get(key)?.value,
    close,
    sweep,
    keys: () => [...entries.keys()],
  };
}
