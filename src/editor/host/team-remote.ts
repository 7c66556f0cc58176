/**
 * The published branch and the team's repository (EDITOR_GIT_REMOTE). After a publish the published branch is
 * pushed; when the push is refused because the remote moved on (a developer pushed), the remote's commits are
 * fetched and merged as a publish merges (field by field, the whole site validated, the branch moved only if it
 * validates) and the push goes again. A push that fails for another reason (the host away, a hook refusing) is
 * retried in the background with backoff, a bounded number of times, and again at every start. A conflict or an
 * error in the remote's commits moves nothing and waits for a person. The state is shown (GET /api/site/status).
 */
import type { Person, PublishConflict } from '../hosted-protocol';
import { GitError, NothingToPublish, type ChangeRepository, type Validate } from './changes';
import { conflictInWords } from './review/conflict-words';

/** Where the published branch stands with the team's repository. */
export type PushState =
  | { state: 'not-configured' }
  | { state: 'pushing' }
  | { state: 'pushed'; commit: string; at: string }
  /** Not pushed yet: tried again at `nextAttemptAt`. */
  | { state: 'retrying'; reason: string; attempts: number; nextAttemptAt: string }
  /** The retries ran out: the next publish, pull or start tries again. */
  | { state: 'failed'; reason: string; attempts: number }
  /** The remote's commits conflict with the published site: nothing moved, a person settles it. */
  | { state: 'conflicts'; reason: string; conflicts: PublishConflict[] }
  /** The remote's commits merged would not validate: nothing moved. */
  | { state: 'invalid'; reason: string; problems: string[] };

/** What one sync did: the push state it left, and the commit the published branch moved to when it merged the remote's. */
export interface SyncResult {
  push: PushState;
  merged?: string;
}

/** Milliseconds before each retry of a failed push; after the last, the state is `failed`. */
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000, 60_000];
/** Rounds of fetch, merge and push when the remote keeps moving between the fetch and the push. */
const ROUNDS = 3;

const TEAM = 'the team’s repository';

function conflictsInWords(conflicts: PublishConflict[]): string {
  const each = conflicts.map((conflict) =>
    conflict.changeSet
      ? `${conflict.file}, ${conflict.where}: “${conflict.published}” here, “${conflict.changeSet}” in ${TEAM}`
      : `${conflict.file}: ${conflict.published}`,
  );
  return `${TEAM} has changes that conflict with the published site (${each.join('; ')}): nothing moved; a developer merges the published branch into ${TEAM}'s, then Pull here`;
}

/** The push state as the publish answer says it (empty when nothing is to be pushed anywhere). */
export function pushInWords(push: PushState, merged?: string): string {
  const mergedWords = merged
    ? `${TEAM[0].toUpperCase()}${TEAM.slice(1)} had new commits: merged in and validated (${merged.slice(0, 8)}). `
    : '';
  switch (push.state) {
    case 'not-configured':
      return '';
    case 'pushing':
      return 'Being pushed to the team’s repository.';
    case 'pushed':
      return `${mergedWords}Pushed to the team’s repository.`;
    case 'retrying':
      return `${mergedWords}Not pushed yet, retrying: ${push.reason}.`;
    case 'failed':
      return `Not pushed: ${push.reason} (tried ${push.attempts} times; Pull from the team’s repository tries again).`;
    case 'conflicts':
    case 'invalid':
      return `Not pushed: ${push.reason}.`;
  }
}

export class TeamRemote {
  private current: PushState;
  private attempts = 0;
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  private stopped = false;
  /** Who the next retry merges as: the person of the publish or pull that left the push undone. */
  private person: Person | undefined;

  constructor(
    private readonly repo: ChangeRepository,
    private readonly options: {
      configured: boolean;
      /** The whole site's problems in a candidate (the publish's validation). */
      validate: Validate;
      /** A sync nobody waits for (at start, a retry) moved the published branch to the remote's commits: the served site follows. */
      onMerged?: (sha: string) => Promise<void>;
      log?: (message: string) => void;
    },
  ) {
    this.current = options.configured ? { state: 'pushing' } : { state: 'not-configured' };
  }

  get state(): PushState {
    return this.current;
  }

  /** After a publish: push; the remote's new commits merged first when it refused. Retried in the background when it failed. */
  afterPublish(person: Person): Promise<SyncResult> {
    return this.enqueue(person, { pullFirst: false, asked: true });
  }

  /** A person's "Pull": the remote's commits fetched and merged (validated), then what the remote lacks pushed. */
  pull(person: Person): Promise<SyncResult> {
    return this.enqueue(person, { pullFirst: true, asked: true });
  }

  /** At start: the remote brought in and the published branch pushed, in the background, as the last publisher. */
  resume(): void {
    if (!this.options.configured) return;
    void this.repo
      .lastPublisher()
      .then((person) => this.enqueue(person, { pullFirst: true, asked: false }))
      .catch((error: unknown) => this.options.log?.(`could not bring the published site up to the team’s repository: ${String(error)}`));
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /**
   * One sync at a time; a retry waiting for its time gives way to one asked for now, which starts the count of
   * retries again. A sync nobody waits for hands a merge to `onMerged`; an asked one leaves it to its caller.
   */
  private enqueue(person: Person, how: { pullFirst: boolean; asked: boolean }): Promise<SyncResult> {
    const run = this.chain.then(async () => {
      if (how.asked) this.attempts = 0;
      const result = await this.sync(person, how.pullFirst);
      if (!how.asked && result.merged) await this.options.onMerged?.(result.merged);
      return result;
    });
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async sync(person: Person, pullFirst: boolean): Promise<SyncResult> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.person = person;
    let merged: string | undefined;
    let outcome: PushState | { state: 'failed-once'; reason: string } | undefined;
    for (let round = 0; round < ROUNDS && !outcome; round++) {
      if (pullFirst || round > 0) {
        const pulled = await this.merge(person);
        if (typeof pulled === 'string') merged = pulled;
        else if (pulled) outcome = pulled;
        if (outcome) break;
      }
      if (!this.options.configured) return { push: (this.current = { state: 'not-configured' }), ...(merged ? { merged } : {}) };
      const pushed = await this.repo.push().catch((error: unknown) => ({
        ok: false as const,
        reason: 'failed' as const,
        message: `the push failed: ${(error as Error).message}`,
      }));
      if (pushed.ok) outcome = { state: 'pushed', commit: pushed.sha, at: new Date().toISOString() };
      else if (pushed.reason === 'failed' || pushed.reason === 'not-configured') outcome = { state: 'failed-once', reason: pushed.message };
      // Rejected: the remote moved on; the next round merges it in.
    }
    outcome ??= { state: 'failed-once', reason: `${TEAM} kept moving while the editor merged it` };
    if (outcome.state === 'failed-once') outcome = this.retryLater(outcome.reason);
    else this.attempts = 0;
    this.current = outcome;
    return { push: outcome, ...(merged ? { merged } : {}) };
  }

  /** The remote's commits merged into the published branch: its new head, undefined when it had them, or why nothing moved. */
  private async merge(person: Person): Promise<string | PushState | { state: 'failed-once'; reason: string } | undefined> {
    try {
      const result = await this.repo.pull(person, this.options.validate);
      if (result.ok) return result.sha;
      if (result.conflicts) {
        const conflicts = result.conflicts.map(conflictInWords);
        return { state: 'conflicts', reason: conflictsInWords(conflicts), conflicts };
      }
      return {
        state: 'invalid',
        reason: `${TEAM}'s new commits have errors (${result.problems.slice(0, 3).join('; ')}${result.problems.length > 3 ? '; …' : ''}): nothing moved`,
        problems: result.problems,
      };
    } catch (error) {
      if (error instanceof NothingToPublish) return undefined;
      if (error instanceof GitError) return { state: 'failed-once', reason: `${TEAM} could not be reached: ${error.message}` };
      // Anything else (the validation failing to run, a full disk): retried like a failed push, never lost in a 500 after a publish.
      return { state: 'failed-once', reason: `merging ${TEAM}'s commits failed: ${(error as Error).message}` };
    }
  }

  private retryLater(reason: string): PushState {
    this.attempts += 1;
    const delay = RETRY_DELAYS_MS[this.attempts - 1];
    if (delay === undefined || this.stopped) {
      this.options.log?.(`the published branch is not pushed: ${reason}`);
      return { state: 'failed', reason, attempts: this.attempts };
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.person) void this.enqueue(this.person, { pullFirst: false, asked: false }).catch(() => undefined);
    }, delay);
    this.timer.unref();
    return { state: 'retrying', reason, attempts: this.attempts, nextAttemptAt: new Date(Date.now() + delay).toISOString() };
  }
}
