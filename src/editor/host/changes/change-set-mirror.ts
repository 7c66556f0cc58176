/**
 * Unpublished work kept off the editor's disk: after each move of a change set's branch (a save, a restore, an
 * update, its creation or removal) its refs are pushed to the team's remote (`EDITOR_GIT_REMOTE`), in the
 * background (a save's answer never waits for it), coalesced (the change sets that moved while a push ran go
 * together in the next one), retried with backoff a bounded number of times, and all of them again at start.
 *
 * On the remote a change set's branch is `refs/heads/editor/changes/<id>`: a branch, so every git host accepts it
 * (some refuse refs outside heads and tags), the team sees it in GitHub's or GitLab's branch list and a developer
 * checks it out as `editor/changes/<id>`; the `editor/` prefix keeps it apart from the team's own branches. Its
 * record (change-set-records.ts: title, owner, status, comments, approvals, with its history) goes beside it at
 * `refs/editor/reviews/<id>`, which clones do not fetch. A closed change set keeps its branch and record, so it is
 * mirrored as an open one is; a removed one leaves the branches and goes to `refs/editor/closed/<id>` (its saves) and
 * `refs/editor/closed-reviews/<id>` (its record), as it is kept aside here.
 */
import type { RepoContext } from './context';
import { reviewRef } from './change-set-records';
import { branchRefOf } from './layout';

/** Where the change sets live on the remote. */
export const REMOTE_BRANCHES = 'refs/heads/editor/changes';
export const REMOTE_RECORDS = 'refs/editor/reviews';
/** A removed change set's saves and record, kept aside (`refs/closed/<id>`, `refs/closed-reviews/<id>` here). */
const REMOTE_CLOSED = 'refs/editor/closed';
const REMOTE_CLOSED_RECORDS = 'refs/editor/closed-reviews';

/**
 * The refspecs that put one change set on the remote as the editor has it, or delete it there once it is gone here.
 * One function, so whatever else comes to describe a change set in git (its review, say) is added here once.
 * Forced: the editor owns this namespace, and its clone is the truth of it.
 */
async function refsToMirror(context: RepoContext, id: string): Promise<string[]> {
  const branch = branchRefOf(id);
  const exists = await context.git(['rev-parse', '--verify', '--quiet', branch], { okCodes: [1] });
  if (exists.code !== 0) {
    // Removed: gone from the open branches there too, its saves and record carried aside as they are kept here.
    const aside: string[] = [];
    for (const [local, remote] of [
      [`refs/closed/${id}`, `${REMOTE_CLOSED}/${id}`],
      [`refs/closed-reviews/${id}`, `${REMOTE_CLOSED_RECORDS}/${id}`],
    ]) {
      const kept = await context.git(['rev-parse', '--verify', '--quiet', local], { okCodes: [1] });
      if (kept.code === 0) aside.push(`+${local}:${remote}`);
    }
    return [`:${REMOTE_BRANCHES}/${id}`, `:${REMOTE_RECORDS}/${id}`, ...aside];
  }
  const specs = [`+${branch}:${REMOTE_BRANCHES}/${id}`];
  const record = await context.git(['rev-parse', '--verify', '--quiet', reviewRef(id)], { okCodes: [1] });
  if (record.code === 0) specs.push(`+${reviewRef(id)}:${REMOTE_RECORDS}/${id}`);
  return specs;
}

/** What the mirror is doing, for the editor's status. */
export interface MirrorState {
  /** Change sets moved here and not yet on the remote. */
  waiting: number;
  /** Why the last push failed, while the change sets it carried are still waiting. */
  error?: string;
  /** Failed attempts in a row; after the last of them the mirror waits for the next save (or start) to try again. */
  failures: number;
}

/** Seconds between attempts after a failure: a bounded number of them. */
/** How long a first move waits for others to join its push (20 people saving at once: one push, not 20). */
const GATHER_MS = 250;
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000];

export class ChangeSetMirror {
  private readonly waiting = new Set<string>();
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private failures = 0;
  private error: string | undefined;
  private stopped = false;

  constructor(private readonly context: RepoContext) {}

  /** The change set moved (or went): pushed soon, with whatever else moved meanwhile. */
  moved(id: string): void {
    if (!this.context.publishRemote || this.stopped) return;
    this.waiting.add(id);
    // A move after the retries ran out starts them again.
    if (this.failures >= RETRY_DELAYS_MS.length) this.failures = 0;
    if (!this.timer) this.later(GATHER_MS);
  }

  get state(): MirrorState {
    return { waiting: this.waiting.size, failures: this.failures, ...(this.error ? { error: this.error } : {}) };
  }

  /** Resolves once no push is running (a retry waiting for its time does not count). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** No more pushes or retries (the server is stopping). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** A push in `ms` (a retry, or a moment for the saves of a burst to go together). */
  private later(ms: number): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.kick();
    }, ms);
    this.timer.unref();
  }

  private kick(): void {
    this.running ??= this.drain().finally(() => (this.running = undefined));
  }

  private async drain(): Promise<void> {
    while (this.waiting.size && !this.stopped) {
      const ids = [...this.waiting];
      this.waiting.clear();
      const failed = await this.push(ids);
      if (!failed) {
        this.failures = 0;
        this.error = undefined;
        continue;
      }
      for (const id of ids) this.waiting.add(id);
      this.error = failed;
      this.failures += 1;
      if (this.failures >= RETRY_DELAYS_MS.length) return;
      this.later(RETRY_DELAYS_MS[this.failures - 1]);
      return;
    }
  }

  /** One push of every change set given; why it failed, or undefined. */
  private async push(ids: string[]): Promise<string | undefined> {
    try {
      // One change set after the other: a few short git processes, never a burst of them beside people's saves.
      const specs: string[] = [];
      for (const id of ids) specs.push(...(await refsToMirror(this.context, id)));
      // `git push` without a refspec would push what git's defaults say: nothing to push is nothing pushed.
      if (!specs.length) return undefined;
      const result = await this.context.git(['push', '--porcelain', '--no-verify', 'publish', ...specs], {
        okCodes: [1, 128],
        timeoutMs: 300_000,
      });
      if (result.code === 0) return undefined;
      const refused = result.stdout.split('\n').find((line) => line.startsWith('!'));
      return (
        (refused?.split('\t').pop() ?? '') || result.stderr.trim().split('\n').slice(-2).join(' / ') || `git exited with ${result.code}`
      );
    } catch (error) {
      return (error as Error).message;
    }
  }
}
