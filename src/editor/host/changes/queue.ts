/**
 * Serial queues by key: work given under one key runs one at a time, in the order given; different keys run side by
 * side. A change set's saves, restores and merges share its key (one worktree, one index, one branch); the
 * published branch has a key of its own; what git keeps repository-wide (the list of worktrees, packed refs,
 * remote-tracking refs) has the repository's key. Keys are taken in that order only (change set, then published,
 * then repository), never the other way, so no two pieces of work wait on each other. Pure: no git here.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();
  private readonly settledWatchers = new Set<() => void>();

  /** Runs `work` after everything queued before it under `key`; a failure rejects this call only, never the queue. */
  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    // The tail never rejects (below), so `work` starts once the work before it settled, either way.
    const result = (this.tails.get(key) ?? Promise.resolve()).then(work);
    // Told before the caller hears of it (the first reaction to `result`).
    const settled = () => {
      for (const watcher of this.settledWatchers) {
        // A watcher that throws must not reject the tail: the key's next work would never run, and idle() would reject.
        try {
          watcher();
        } catch (error) {
          console.error('a queue watcher failed:', error);
        }
      }
    };
    const tail = result.then(settled, settled);
    this.tails.set(key, tail);
    // Forget an idle key, so a server that saw thousands of change sets keeps no entry per change set.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Calls `watcher` each time a piece of work settles, either way, before its caller hears of it; a throw is logged. */
  afterEach(watcher: () => void): void {
    this.settledWatchers.add(watcher);
  }

  /** How many keys have work queued or running (0 when idle). */
  get busyKeys(): number {
    return this.tails.size;
  }

  /** Resolves once everything queued so far, under any key, has finished. */
  async idle(): Promise<void> {
    while (this.tails.size) await Promise.all([...this.tails.values()]);
  }
}
