/**
 * The git side of the hosted editor in one object, what the editor's server calls: the editor's own clone, change
 * sets (branches with worktrees), saves as commits by their authors, history, restore, bringing a change set up to
 * date, publishing (prepare, validate, confirm), pushing and pulling the published branch, and each change set's
 * branch pushed to the team's remote after it moved (change-set-mirror.ts). Each method delegates to the module that does its one
 * job; work on one change set is queued in order, work on different ones runs side by side (queue.ts).
 *
 * One process per data dir: the queues live in this process.
 */
import { changeSetKey, commitOf, PUBLISHED_KEY, publishedRef, type RepoContext, type ResolveJson } from './context';
import { openRepository, type ChangeRepositoryOptions, type OpenResult } from './open-repository';
import { createChangeSet, getChangeSet, removeChangeSet, requireRecord, worktreeOf, type ChangeSet } from './change-sets';
import { authorsAhead, copyOfListing, listChangeSets, type ListedChangeSet, type Listing, type SharedListing } from './list-change-sets';
import { KeptListing } from './kept-listing';
import { branchRefOf } from './layout';
import { ensureWorktree, removeWorktree, retireWorktree } from './worktrees';
import { listRecords, updateRecord, type ChangeSetRecord, type RecordChange } from './change-set-records';
import { commitToChangeSet, planAndCommit, type CommitResult, type PlannedSave, type Save } from './commit-files';
import type { Person } from './git';
import type { FileContent } from '../../server/document-store';
import type { ChangedFile, CommitInfo } from './git-log';
import { changeSetCommits, changeSetFiles, documentHistory, fileAt, type HistoryEntry } from './history';
import { restoreFile } from './restore';
import type { MergeOutcome } from './merge';
import {
  confirmPublish,
  discardCandidate,
  preparePublish,
  runPublish,
  type MarkPublished,
  type MergeOptions,
  type Preparation,
  type PublishCandidate,
  type PublishResult,
  type Validate,
} from './publish';
import { lastPublisher, preparePull, pushPublished, type PushResult } from './remote';
import { ChangeSetMirror, type MirrorState } from './change-set-mirror';
import { updateChangeSet } from './update';
import { ClashCache, type Clash } from './clashes';
import { prepareUndo, type UndoRequest } from './undo-publish';
import { crashPoint } from './crash-point';

/** A save committed on change set `id`: who saved, and the files it wrote by their path in the repository (null: removed). */
export interface CommittedSave {
  id: string;
  author: Person;
  files: Record<string, FileContent | null>;
}

export class ChangeRepository {
  /** Pushes each change set's branch to `EDITOR_GIT_REMOTE` after it moved (change-set-mirror.ts). */
  private readonly mirror: ChangeSetMirror;
  /** What merging a change set with the published site would meet, by the two commits (clashes.ts). */
  private readonly clashCache: ClashCache;
  /** Told of every move (the live stream, src/editor/host/live/, tells the browsers). */
  private readonly moveWatchers = new Set<(id: string) => void>();
  private readonly saveWatchers = new Set<(save: CommittedSave) => void>();
  /** The last listing, kept up to date by the operations of the repository's queues (kept-listing.ts). */
  private readonly listing: KeptListing;

  private constructor(
    private readonly context: RepoContext,
    /** What opening the repository could not do, and how many change sets an empty data folder took back from the remote. */
    readonly opened: Omit<OpenResult, 'context'>,
  ) {
    this.mirror = new ChangeSetMirror(context);
    this.listing = new KeptListing(() => listChangeSets(context, (id) => worktreeOf(context, id)));
    context.queue.afterEach((move) => this.listing.moved(move));
    this.clashCache = new ClashCache(context);
  }

  /** Clones `options.source` into the data dir on the first start; reuses, fetches and repairs it on later ones. */
  static async open(options: ChangeRepositoryOptions): Promise<ChangeRepository> {
    const { context, ...opened } = await openRepository(options);
    const repo = new ChangeRepository(context, opened);
    // At start every change set goes to the remote again: what a stop cut short, or a remote away, still goes.
    for (const record of (await listRecords(context)).records) repo.mirror.moved(record.id);
    return repo;
  }

  /** Why fetching `EDITOR_REPO` failed when the repository was opened, if it did (the editor runs on what it had). */
  get fetchError(): string | undefined {
    return this.opened.fetchError;
  }

  /** The change sets' pushes to the remote: how many wait, and why the last one failed. */
  get mirrorState(): MirrorState {
    return this.mirror.state;
  }

  /** After a change set's branch moved or went: its refs pushed in the background, never delaying the caller. */
  private moved<T>(id: string, result: T): T {
    this.mirror.moved(id);
    for (const watcher of this.moveWatchers) watcher(id);
    return result;
  }

  /** Calls `watcher` after each move of a change set's branch or record, until the function returned is called. */
  watchMoves(watcher: (id: string) => void): () => void {
    this.moveWatchers.add(watcher);
    return () => this.moveWatchers.delete(watcher);
  }

  /**
   * Calls `watcher` after each save committed on a change set (who saved, and the files as written), before the move
   * it makes is told, until the function returned is called.
   */
  watchSaves(watcher: (save: CommittedSave) => void): () => void {
    this.saveWatchers.add(watcher);
    return () => this.saveWatchers.delete(watcher);
  }

  private saved(save: CommittedSave): void {
    // The save is committed: a watcher that fails (a live notice not sent) must not report it as failed.
    for (const watcher of this.saveWatchers)
      try {
        watcher(save);
      } catch (error) {
        console.error('a save watcher failed:', error);
      }
  }

  /** Where publishes, updates and pulls merge documents field by field from now on (the server's content workers). */
  mergeDocumentsWith(resolve: ResolveJson): void {
    this.context.resolveJson = resolve;
  }

  /** The published branch's name, and the folder where it is checked out. */
  get publishedBranch(): string {
    return this.context.branch;
  }

  get publishedWorktree(): string {
    return this.context.layout.publishedWorktree;
  }

  async publishedHead(): Promise<string> {
    return (await this.context.git(['rev-parse', publishedRef(this.context)])).stdout.trim();
  }

  async create(title: string, owner: Person): Promise<ChangeSet> {
    const changeSet = await createChangeSet(this.context, title, owner);
    return this.moved(changeSet.id, changeSet);
  }

  get(id: string): Promise<ChangeSet> {
    return getChangeSet(this.context, id);
  }

  /** The commit at the tip of the change set's branch: one git call, no record read (what the review's turns compare). */
  headOf(id: string): Promise<string> {
    return commitOf(this.context, branchRefOf(id));
  }

  /** The change set's worktree whole (at its first use since the start) or made again (retired, or never made). */
  private worktreeReady(id: string): Promise<void> {
    return ensureWorktree(this.context, id, worktreeOf(this.context, id));
  }

  /** The change set, with its worktree on disk (made again when it was retired): what reading its files needs. */
  async checkout(id: string): Promise<ChangeSet> {
    const changeSet = await getChangeSet(this.context, id);
    await ensureWorktree(this.context, id, changeSet.worktree);
    return changeSet;
  }

  /**
   * Removes the worktree of a change set nobody edits any more (published or closed), keeping its branch: `checkout`
   * makes it again. Not when `keep()` says it is open again by the time the repository's turn comes. True when removed.
   */
  retire(id: string, keep: () => boolean = () => false): Promise<boolean> {
    return retireWorktree(this.context, worktreeOf(this.context, id), keep);
  }

  /** Every record that can be read, without asking any change set's branch (what the start's clean-up needs). */
  async records(): Promise<ChangeSetRecord[]> {
    return (await listRecords(this.context)).records;
  }

  /** Every change set whose record can be read (its head and commits ahead, in a few git calls for all of them). */
  async list(): Promise<ListedChangeSet[]> {
    return (await this.listAll()).changeSets;
  }

  /** Every change set, and the records that cannot be read (each names its change set, its ref or file, what is wrong). */
  async listAll(): Promise<Listing> {
    return copyOfListing(await this.listShared());
  }

  /**
   * The same listing, not copied: the same object until a ref moves, so a caller may keep what it works out from it
   * by its identity (the list's summaries). Never changed by its callers.
   */
  listShared(): Promise<SharedListing> {
    return this.listing.get();
  }

  /** The change set's record (title, owner, status, comments, approvals, published commit), without asking its branch. */
  record(id: string): Promise<ChangeSetRecord> {
    return requireRecord(this.context, id);
  }

  /** Changes the change set's record (one change at a time per change set), written as a commit on `refs/reviews/<id>`. */
  async updateRecord(id: string, change: RecordChange, what: string, now = new Date()): Promise<ChangeSetRecord | undefined> {
    const record = await updateRecord(this.context, id, change, { what, now });
    // The review goes to the remote beside its branch: a comment or an approval is unpublished work too.
    return record && this.moved(id, record);
  }

  /** Removes the change set's worktree, record and branch; unpublished commits stay under `refs/closed/<id>`. */
  async remove(id: string, check?: (record: ChangeSetRecord) => void): Promise<void> {
    await removeChangeSet(this.context, id, check);
    this.moved(id, undefined);
  }

  /** A save: the files written and committed on the change set by `save.author`. */
  async commit(id: string, save: Save): Promise<CommitResult> {
    await this.worktreeReady(id);
    const result = await commitToChangeSet(this.context, id, save);
    if (result.committed) this.saved({ id, author: save.author, files: save.files });
    return result.committed ? this.moved(id, result) : result;
  }

  /**
   * A save worked out in the change set's turn: `plan` reads its worktree as the operations before it left it, and
   * what it returns is written and committed by `author` in that turn (a refusal writes nothing).
   */
  async planSave<T>(
    id: string,
    author: Person,
    plan: (worktree: string) => Promise<PlannedSave<T>>,
  ): Promise<{ answer: T; commit?: CommitResult }> {
    await this.worktreeReady(id);
    let files: CommittedSave['files'] = {};
    const saved = await planAndCommit(this.context, id, author, async (worktree) => {
      const planned = await plan(worktree);
      if (!('refused' in planned)) files = planned.files;
      return planned;
    });
    if (saved.commit?.committed) this.saved({ id, author, files });
    return saved.commit?.committed ? this.moved(id, saved) : saved;
  }

  /** The change set's own commits, newest first. */
  commits(id: string): Promise<CommitInfo[]> {
    return changeSetCommits(this.context, id);
  }

  /** Who saved in each of many change sets (the authors of its commits not yet published, by its head): one git call. */
  authorsAt(heads: string[]): Promise<Map<string, Person[]>> {
    return authorsAhead(this.context, heads);
  }

  /** The files the change set changes against the published branch. */
  changedFiles(id: string): Promise<ChangedFile[]> {
    return changeSetFiles(this.context, id);
  }

  /** A file's text at a commit; undefined where it did not exist. */
  fileAt(sha: string, path: string): Promise<string | undefined> {
    return fileAt(this.context, sha, path);
  }

  /** A document's history on the published branch, or as a change set has it. */
  history(path: string, options: { changeSet?: string; limit?: number } = {}): Promise<HistoryEntry[]> {
    return documentHistory(this.context, path, options);
  }

  /** One file as it was at `sha`, as a new commit on the change set by `author`. */
  async restore(id: string, path: string, sha: string, author: Person): Promise<CommitResult> {
    await this.worktreeReady(id);
    const result = await restoreFile(this.context, id, path, sha, author);
    return result.committed ? this.moved(id, result) : result;
  }

  /** Brings the change set up to date with the published branch (conflicts refuse it, unless settled by `options.choices`). */
  async update(id: string, author: Person, options: MergeOptions = {}): Promise<MergeOutcome> {
    await this.worktreeReady(id);
    const outcome = await updateChangeSet(this.context, id, author, options);
    return outcome.ok && outcome.how !== 'none' ? this.moved(id, outcome) : outcome;
  }

  /**
   * The fields the change set and the published site changed differently since they met, each with both values and
   * who published the other one: what a publish or an update would meet, worked out without writing anything and
   * remembered by the two commits. None while the published site has not moved since the change set began.
   */
  async clashes(changeSet: Pick<ChangeSet, 'head' | 'behind'>): Promise<Clash[]> {
    if (changeSet.behind === 0) return [];
    return this.clashCache.of(changeSet.head, await this.publishedHead());
  }

  /** Step 1 of 3: the change set merged into a candidate; the published branch does not move. */
  preparePublish(id: string, publisher: Person, options: MergeOptions = {}): Promise<Preparation> {
    return preparePublish(this.context, id, publisher, options);
  }

  /** Step 3 of 3, once the candidate's files validated: the published branch moves to it (PublishedMoved if it moved meanwhile). */
  confirmPublish(candidate: PublishCandidate): Promise<string> {
    return confirmPublish(this.context, candidate);
  }

  /** Instead of step 3: the candidate dropped, nothing published. */
  discard(candidate: PublishCandidate): Promise<void> {
    return discardCandidate(this.context, candidate);
  }

  /**
   * The three steps in one, one publish at a time: the published branch moves only when `validate` returns no
   * problem (it must not call confirmPublish itself), and the change set's record is changed by `markPublished`
   * (status published by default) in the same transaction. No save to the change set runs meanwhile.
   */
  async publish(
    id: string,
    publisher: Person,
    validate: Validate,
    options: MergeOptions & { markPublished?: MarkPublished } = {},
  ): Promise<PublishResult> {
    const { markPublished = (record, candidate) => ((record.status = 'published'), (record.publishedCommit = candidate.sha)), ...merge } =
      options;
    // Its record (published now) goes to the remote beside its branch.
    return this.moved(
      id,
      await runPublish(this.context, () => preparePublish(this.context, id, publisher, merge), validate, { id, markPublished }),
    );
  }

  /**
   * A publish undone as a new commit on the published branch (undo-publish.ts), validated and confirmed as a publish
   * is, one publish at a time, with the change set's record changed by `markUndone` in the same transaction. Its
   * conflicts are clashes: each names the later publish that changed the same field.
   */
  async undoPublish(
    request: UndoRequest,
    person: Person,
    validate: Validate,
    markUndone: MarkPublished,
  ): Promise<Exclude<PublishResult, { conflicts: unknown[] }> | { ok: false; conflicts: Clash[]; problems?: undefined }> {
    const result = await runPublish(this.context, () => prepareUndo(this.context, request, person), validate, {
      id: request.id,
      markPublished: markUndone,
    });
    // Its record (undone now) goes to the remote beside its branch.
    return this.moved(request.id, result as Awaited<ReturnType<ChangeRepository['undoPublish']>>);
  }

  /**
   * A new change set by `person`, titled `title`, whose one commit (by `person`) undoes the publish of `request` as
   * undoPublish would, field by field on today's published head (undo-publish.ts), for review like any other: made
   * from the published head with that commit on it, its branch and record at once. Nothing is made when a later
   * publish changed one of the same fields (its conflicts name that publish), nor when nothing is left to undo.
   */
  async createUndo(
    request: UndoRequest,
    person: Person,
    title: string,
    /** Asked again in the original's turn, right before anything is made: throws when the undo is no longer allowed. */
    stillAllowed: () => Promise<void>,
  ): Promise<{ ok: true; changeSet: ChangeSet } | { ok: false; conflicts: Clash[] }> {
    // In the original change set's turn, checked again there: two people asking at once make one undo, not two.
    return this.context.queue.run(changeSetKey(request.id), async () => {
      await stillAllowed();
      // In the published branch's turn, as an undo's preparation: the head it reads does not move meanwhile.
      // Its one save, as a change set's saves read in words: no branch name in its first line.
      const save = { ...request, subject: `Undo “${request.title}”` };
      const prepared = await this.context.queue.run(PUBLISHED_KEY, () => prepareUndo(this.context, save, person));
      if (!prepared.ok) return prepared;
      crashPoint('after-undo-commit');
      await removeWorktree(this.context, prepared.candidate.worktree);
      const undoes = { id: request.id, title: request.title };
      const changeSet = await createChangeSet(this.context, title, person, { start: prepared.candidate.sha, undoes });
      return { ok: true as const, changeSet: this.moved(changeSet.id, changeSet) };
    });
  }

  /** Pushes the published branch to `EDITOR_GIT_REMOTE`; a remote that moved on is reported as `rejected`. */
  push(): Promise<PushResult> {
    return pushPublished(this.context);
  }

  /** Fetches the remote's commits and merges them into a candidate, to validate and confirm as a publish. */
  preparePull(publisher: Person, options: MergeOptions = {}): Promise<Preparation> {
    return preparePull(this.context, publisher, options);
  }

  /** Fetch, merge, validate and confirm the remote's commits in one, as `publish` does. */
  pull(publisher: Person, validate: Validate, options: MergeOptions = {}): Promise<PublishResult> {
    return runPublish(this.context, () => preparePull(this.context, publisher, options), validate);
  }

  /** The person who last moved the published branch (its head's committer): a merge nobody asked for is theirs. */
  lastPublisher(): Promise<Person> {
    return lastPublisher(this.context);
  }

  /** Resolves once every queued operation, and a change set push under way, has finished. */
  async idle(): Promise<void> {
    await this.context.queue.idle();
    await this.mirror.idle();
  }

  /** Before stopping the server: no more background pushes, then everything under way finished. */
  async close(): Promise<void> {
    this.mirror.stop();
    await this.idle();
  }
}
