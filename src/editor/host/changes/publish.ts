/**
 * Publishing in two steps, so a change that fails validation can never be published: prepare merges the change set
 * into a candidate, a detached worktree made from the published head (the published branch does not move, and its
 * worktree is not touched); the caller validates and builds the candidate's files; confirm then moves the published
 * branch to the candidate, only if nothing was published meanwhile (a fast-forward from the head it was made on),
 * and discard drops it. `publish` runs the three in order with the caller's validation in between, one publish at a
 * time.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { commitOf, PUBLISHED_KEY, publishedRef, type RepoContext } from './context';
import type { BlockLabel } from './document-words';
import type { Person } from './git';
import { parseNameStatus, type ChangedFile } from './git-log';
import type { Conflict, Side } from './json-resolve';
import { branchOf, checkChangeSetId } from './layout';
import { mergeInWorktree, type MergeOutcome } from './merge';
import { addWorktree, removeWorktree } from './worktrees';
import { requireRecord } from './change-sets';

export interface MergeOptions {
  /** The merge commit's message; worded from the change set's title unless given. */
  message?: string;
  /** Conflicts settled by a person: per file, per conflict key, the side that wins. */
  choices?: Record<string, Record<string, Side>>;
  blockLabel?: BlockLabel;
}

/** The published branch as it would be: files to validate and build, and what moves the branch there. */
export interface PublishCandidate {
  /** The merge commit the published branch would move to. */
  sha: string;
  /** The published head it was made on: confirm refuses once the branch is elsewhere. */
  parent: string;
  /** A worktree with the candidate's files checked out (removed by confirm or discard). */
  worktree: string;
  /** What it changes against the published head. */
  files: ChangedFile[];
  /** Documents merged field by field. */
  resolved: string[];
}

export type Preparation = { ok: true; candidate: PublishCandidate } | { ok: false; conflicts: Conflict[] };

export class NothingToPublish extends Error {
  override name = 'NothingToPublish';
}

export class PublishedMoved extends Error {
  override name = 'PublishedMoved';
}

/** A candidate: `other` merged into the published head, in a worktree of its own. (No queue: see prepareCandidate's callers.) */
export async function prepareCandidate(
  context: RepoContext,
  other: string,
  person: Person,
  options: MergeOptions & { message: string; fastForward: boolean },
): Promise<Preparation> {
  const parent = await commitOf(context, publishedRef(context));
  const worktree = join(context.layout.worktreesDir, `candidate-${randomBytes(4).toString('hex')}`);
  await addWorktree(context, worktree, { detached: parent });
  let outcome: MergeOutcome;
  try {
    outcome = await mergeInWorktree(context, { worktree, other, ours: 'published', person, ...options });
  } catch (error) {
    await removeWorktree(context, worktree);
    throw error;
  }
  if (!outcome.ok || outcome.how === 'none') {
    await removeWorktree(context, worktree);
    if (outcome.ok) throw new NothingToPublish('the published site already has every change of it');
    return outcome;
  }
  const { stdout } = await context.git(['diff', '-z', '--name-status', '--no-renames', parent, outcome.sha]);
  return { ok: true, candidate: { sha: outcome.sha, parent, worktree, files: parseNameStatus(stdout), resolved: outcome.resolved } };
}

/** Merges the change set into a candidate; the published branch stays where it is. */
export async function preparePublish(
  context: RepoContext,
  id: string,
  publisher: Person,
  options: MergeOptions = {},
): Promise<Preparation> {
  const record = await requireRecord(context, checkChangeSetId(id));
  const changeSetHead = await commitOf(context, `refs/heads/${branchOf(id)}`);
  // A merge commit even when the published branch has not moved: it records who published what, and when.
  return prepareCandidate(context, changeSetHead, publisher, {
    ...options,
    message: options.message ?? `Publish “${record.title}” (${branchOf(id)})`,
    fastForward: false,
  });
}

/** Moves the published branch to the candidate (no queue: the caller holds the published branch's). */
async function confirmCandidate(context: RepoContext, candidate: PublishCandidate): Promise<string> {
  const now = await commitOf(context, publishedRef(context));
  if (now !== candidate.parent) {
    await removeWorktree(context, candidate.worktree);
    throw new PublishedMoved('the published site changed after this publish was prepared: prepare it again');
  }
  // A fast-forward in the published worktree moves the branch and its files together; git refuses if anything moved.
  await context.git(['merge', '--ff-only', '--quiet', candidate.sha], { cwd: context.layout.publishedWorktree });
  await removeWorktree(context, candidate.worktree);
  return candidate.sha;
}

export const confirmPublish = (context: RepoContext, candidate: PublishCandidate) =>
  context.queue.run(PUBLISHED_KEY, () => confirmCandidate(context, candidate));

export const discardCandidate = (context: RepoContext, candidate: PublishCandidate) => removeWorktree(context, candidate.worktree);

/** What the caller's validation says of a candidate: its problems, none when it may be published. */
export type Validate = (candidate: PublishCandidate) => Promise<string[]>;

export type PublishResult =
  | { ok: true; sha: string; candidate: PublishCandidate }
  | { ok: false; conflicts: Conflict[]; problems?: undefined }
  | { ok: false; problems: string[]; conflicts?: undefined };

/** Prepare, validate, confirm, one publish at a time: the published branch moves only when `validate` finds nothing. */
export async function runPublish(context: RepoContext, prepare: () => Promise<Preparation>, validate: Validate): Promise<PublishResult> {
  return context.queue.run(PUBLISHED_KEY, async () => {
    const preparation = await prepare();
    if (!preparation.ok) return preparation;
    const { candidate } = preparation;
    let problems: string[];
    try {
      problems = await validate(candidate);
    } catch (error) {
      await discardCandidate(context, candidate);
      throw error;
    }
    if (problems.length) {
      await discardCandidate(context, candidate);
      return { ok: false, problems };
    }
    return { ok: true, sha: await confirmCandidate(context, candidate), candidate };
  });
}
