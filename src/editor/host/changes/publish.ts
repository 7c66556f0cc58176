/**
 * Publishing in two steps, so a change that fails validation can never be published: prepare merges the change set
 * into a candidate, a detached worktree made from the published head (the published branch does not move, and its
 * worktree is not touched); the caller validates and builds the candidate's files; confirm then moves the published
 * branch to the candidate, only if nothing was published meanwhile (a fast-forward from the head it was made on),
 * and discard drops it. `publish` runs the three in order with the caller's validation in between, one publish at a
 * time, and marks the change set's record published in the same transaction that moves the branch.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { changeSetKey, commitOf, PUBLISHED_KEY, publishedRef, type RepoContext } from './context';
import { moveRefs, updateRecord, type ChangeSetRecord } from './change-set-records';
import { crashPoint } from './crash-point';
import type { Person } from './git';
import { parseNameStatus, type ChangedFile } from './git-log';
import type { Conflict, FieldChoice } from './json-resolve';
import { branchOf, branchRefOf, checkChangeSetId } from './layout';
import { mergeInWorktree, type MergeOutcome } from './merge';
import { addWorktree, removeWorktree } from './worktrees';
import { requireRecord } from './change-sets';
import type { TemplateSection } from '../../server/block-labels';

export interface MergeOptions {
  /** The merge commit's message; worded from the change set's title unless given. */
  message?: string;
  /** Conflicts settled by a person: per file, per conflict key, the side that wins (or a text of the person's own). */
  choices?: Record<string, Record<string, FieldChoice>>;
  /** Per document (its path), the sections of the template it is written on: they name its blocks in a conflict's words. */
  sections?: Record<string, TemplateSection[]>;
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
  const changeSetHead = await commitOf(context, branchRefOf(id));
  // A merge commit even when the published branch has not moved: it records who published what, and when.
  return prepareCandidate(context, changeSetHead, publisher, {
    ...options,
    message: options.message ?? `Publish “${record.title}” (${branchOf(id)})`,
    fastForward: false,
  });
}

/**
 * What a publish of a change set writes into its record, in the same transaction as the published branch's move; it
 * throws to refuse (the record changed while the candidate was validated): then nothing moves.
 */
export type MarkPublished = (record: ChangeSetRecord, candidate: PublishCandidate) => void;

/**
 * Moves the published branch to the candidate (no queue: the caller holds the published branch's), with the change
 * set's record marked published in the same `update-ref` transaction when `mark` is given: a crash leaves the branch
 * where it was and the change set approved, or both moved. Then the published worktree's files follow its branch
 * (a crash before that: opening the repository resets the worktree to its branch).
 */
async function confirmCandidate(
  context: RepoContext,
  candidate: PublishCandidate,
  mark?: { id: string; change: MarkPublished },
): Promise<string> {
  const now = await commitOf(context, publishedRef(context));
  if (now !== candidate.parent) {
    await removeWorktree(context, candidate.worktree);
    throw new PublishedMoved('the published site changed after this publish was prepared: prepare it again');
  }
  const move = { ref: publishedRef(context), to: candidate.sha, from: candidate.parent };
  try {
    if (mark) await updateRecord(context, mark.id, (record) => mark.change(record, candidate), { what: 'published', alsoMove: [move] });
    else await moveRefs(context, [move]);
  } catch (error) {
    // The refusal is the answer; a candidate that cannot be removed now is removed at the next start.
    await removeWorktree(context, candidate.worktree).catch(() => undefined);
    throw error;
  }
  crashPoint('after-branch-moved');
  await context.git(['reset', '--hard', '--quiet', 'HEAD'], { cwd: context.layout.publishedWorktree });
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

/**
 * Prepare, validate, confirm, one publish at a time: the published branch moves only when `validate` finds nothing.
 * A change set's publish (`changeSet`) also holds the change set's queue from its merge to its record marked
 * published: a save waits, and is then refused (the change set is published), never stranded on it.
 */
export async function runPublish(
  context: RepoContext,
  prepare: () => Promise<Preparation>,
  validate: Validate,
  changeSet?: { id: string; markPublished: MarkPublished },
): Promise<PublishResult> {
  const run = () => context.queue.run(PUBLISHED_KEY, () => publishInTurn(context, prepare, validate, changeSet));
  return changeSet ? context.queue.run(changeSetKey(checkChangeSetId(changeSet.id)), run) : run();
}

async function publishInTurn(
  context: RepoContext,
  prepare: () => Promise<Preparation>,
  validate: Validate,
  changeSet?: { id: string; markPublished: MarkPublished },
): Promise<PublishResult> {
  const preparation = await prepare();
  if (!preparation.ok) return preparation;
  const { candidate } = preparation;
  crashPoint('after-merge');
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
  const mark = changeSet && { id: changeSet.id, change: changeSet.markPublished };
  return { ok: true, sha: await confirmCandidate(context, candidate, mark), candidate };
}
