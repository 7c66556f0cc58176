/**
 * Serial queues by key: work given under one key runs one at a time, in the order given; different keys run side by
 * side. A change set's saves, restores and merges share its key (one worktree, one index, one branch); the
 * published branch has a key of its own; what git keeps repository-wide (the list of worktrees, packed refs,
 * remote-tracking refs) has the repository's key. Keys are taken in that order only (change set, then published,
 * then repository), never the other way, so no two pieces of work wait on each other. Pure: no git here.
 *
 * A piece of work may describe what it did (`Note`, from its result) for the watchers; one that failed, or gave no
 * description, is told as `undefined`: anything may have happened.
 */
export class KeyedQueue<Note = never> {
  private readonly tails = new Map<string, Promise<unknown>>();
  private readonly settledWatchers = new Set<(note: Note | undefined) => void>();

  /**
   * Runs `work` after everything queued before it under `key`; a failure rejects this call only, never the queue.
   * `noteOf` describes a result for the watchers.
   */
  run<T>(key: string, work: () => Promise<T>, noteOf?: (result: T) => Note | undefined): Promise<T> {
    // The tail never rejects (below), so `work` starts once the work before it settled, either way.
    const result = (this.tails.get(key) ?? Promise.resolve()).then(work);
    // Told before the caller hears of it (the first reaction to `result`).
    const settled = (note: Note | undefined) => {
      for (const watcher of this.settledWatchers) {
        // A watcher that throws must not reject the tail: the key's next work would never run, and idle() would reject.
        try {
          watcher(note);
        } catch (error) {
          console.error('a queue watcher failed:', error);
        }
      }
    };
    const described = (value: T) => {
      try {
        return noteOf?.(value);
      } catch (error) {
        console.error('describing a queued piece of work failed:', error);
        return undefined;
      }
    };
    const tail = result.then(
      (value) => settled(described(value)),
      () => settled(undefined),
    );
    this.tails.set(key, tail);
    // Forget an idle key, so a server that saw thousands of change sets keeps no entry per change set.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /**
   * Calls `watcher` each time a piece of work settles, either way, before its caller hears of it, with the work's
   * description (undefined when it failed or gave none); a throw is logged.
   */
  afterEach(watcher: (note: Note | undefined) => void): void {
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
