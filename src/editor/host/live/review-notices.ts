/**
 * What the live stream says when a change set moves (the repository tells of every move: a save, a step of its review,
 * a publish by the button or by its timer): every stream hears that it moved, and the people it concerns get a
 * notice. Its author: approved, changes requested, published, a publish time set, and a clash that a colleague's
 * publish just made; the reviewers: a review asked for; its author and whoever set its publish time: that time
 * dropped. Nobody is told of what they did themselves. The last status and publish time of each change set are kept
 * here to see what changed.
 */
import type { NoticeEvent } from '../../live-protocol';
import { can } from '../accounts/roles';
import { ChangeSetNotFound, type ChangeRepository, type ChangeSetRecord, type Person } from '../changes';
import type { LiveStreams, StreamOwner } from './live-streams';

interface Seen {
  status: ChangeSetRecord['status'];
  publishAt?: string;
  /** Who set that publish time: told when it is dropped. */
  publishAtBy?: Person;
  /** When its last publish time was dropped: a new drop is news. */
  dropped?: string;
  /** The change set it undoes: told of this one's steps (and of its removal, when the record is gone). */
  undoes?: string;
}

const samePerson = (owner: StreamOwner, person: Person | undefined) =>
  person !== undefined && owner.email.toLowerCase() === person.email.toLowerCase();

export class ReviewNotices {
  private readonly seen = new Map<string, Seen>();
  /** Each change set's moves, taken one after the other (a record read per move, in order). */
  private readonly turns = new Map<string, Promise<void>>();
  private readonly unwatch: () => void;

  constructor(
    private readonly repo: ChangeRepository,
    private readonly streams: LiveStreams,
    private readonly log: (error: unknown) => void,
  ) {
    this.unwatch = repo.watchMoves((id) => this.moved(id));
  }

  /** What each change set is at start: a move from there is news. */
  async start(): Promise<void> {
    for (const record of await this.repo.records()) if (!this.seen.has(record.id)) this.seen.set(record.id, seenOf(record));
  }

  stop(): void {
    this.unwatch();
  }

  /** Resolves once every move so far has been told (tests wait on it). */
  async idle(): Promise<void> {
    while (this.turns.size) await Promise.all(this.turns.values());
  }

  private moved(id: string): void {
    this.streams.changed(id);
    const turn = (this.turns.get(id) ?? Promise.resolve())
      .then(() => this.tell(id))
      .catch(this.log)
      .finally(() => {
        if (this.turns.get(id) === turn) this.turns.delete(id);
      });
    this.turns.set(id, turn);
  }

  private async tell(id: string): Promise<void> {
    const record = await this.repo.record(id).catch(() => undefined);
    const before = this.seen.get(id);
    // Removed for good: nothing more to tell of it, but to the change set it undid (its undo is gone from its page).
    if (!record) {
      if (before?.undoes) this.streams.changed(before.undoes);
      return void this.seen.delete(id);
    }
    this.seen.set(id, seenOf(record));
    // Made, or a step further (submitted, published, closed): the original's page shows where its undo stands.
    if (record.undoes && before?.status !== record.status) this.streams.changed(record.undoes.id);
    if (!before) return;
    const changeSet = { id, title: record.title };
    const toAuthor = (by: Person | undefined, notice: Omit<NoticeEvent, 'changeSet' | 'by'>) =>
      this.streams.notify((owner) => samePerson(owner, record.owner) && !samePerson(owner, by), {
        ...notice,
        changeSet,
        ...(by ? { by: by.name } : {}),
      });
    if (before.status !== record.status) {
      if (record.status === 'approved') toAuthor(record.approvals.at(-1)?.by, { kind: 'approved' });
      if (record.status === 'changes-requested') toAuthor(record.comments.at(-1)?.author, { kind: 'changes-requested' });
      if (record.status === 'submitted')
        this.streams.notify((owner) => can(owner.role, 'approve') && !samePerson(owner, record.owner), {
          kind: 'review-requested',
          changeSet,
          by: record.owner.name,
        });
      if (record.status === 'published') {
        toAuthor(await this.repo.lastPublisher(), { kind: 'published' });
        await this.clashesMadeBy(changeSet);
      }
    }
    if (record.publishAt && record.publishAt.at !== before.publishAt)
      toAuthor(record.publishAt.by, { kind: 'scheduled', at: record.publishAt.at });
    // Its publish time dropped (a step that ended its approval, or its time came and it could not be published): its
    // author and whoever set the time are told, but the person whose step dropped it.
    const dropped = record.publishAtDropped;
    if (dropped && dropped.date !== before.dropped && before.publishAt)
      this.streams.notify(
        (owner) => (samePerson(owner, record.owner) || samePerson(owner, before.publishAtBy)) && !samePerson(owner, dropped.by),
        { kind: 'publish-time-dropped', changeSet, reason: dropped.reason },
      );
  }

  /**
   * After a publish: each open change set it now collides with; its author is told, and every list refreshes it. One
   * change set that cannot be read (closed and removed since the listing, or a git fault) does not keep the authors
   * after it from being told.
   */
  private async clashesMadeBy(published: { id: string; title: string }): Promise<void> {
    for (const record of await this.repo.records()) {
      if (record.id === published.id || record.status === 'published' || record.status === 'closed') continue;
      await this.tellClash(record, published).catch((error: unknown) => {
        if (!(error instanceof ChangeSetNotFound)) this.log(error);
      });
    }
  }

  private async tellClash(record: ChangeSetRecord, published: { id: string; title: string }): Promise<void> {
    const clashes = await this.repo.clashes(await this.repo.get(record.id));
    if (!clashes.some((clash) => clash.publishedBy?.changeSet?.id === published.id)) return;
    this.streams.changed(record.id);
    this.streams.notify((owner) => samePerson(owner, record.owner), {
      kind: 'clash',
      changeSet: { id: record.id, title: record.title },
      with: published,
    });
  }
}

const seenOf = (record: ChangeSetRecord): Seen => ({
  status: record.status,
  ...(record.publishAt ? { publishAt: record.publishAt.at, publishAtBy: record.publishAt.by } : {}),
  ...(record.publishAtDropped ? { dropped: record.publishAtDropped.date } : {}),
  ...(record.undoes ? { undoes: record.undoes.id } : {}),
});
