/**
 * Publishing at a chosen time: a reviewer who may publish an approved change set sets the time (kept in its record in
 * git, so a restart finds it); the editor's timer publishes it then, as that reviewer, through the same publish and
 * rules as the button (publish.ts). When it can no longer be published then (a clash, the site would not be valid,
 * the approval taken back or a save after the time was set, its setter gone or no longer a reviewer), the time is
 * dropped and its page says why.
 */
import type { ChangeSetDetail } from '../../hosted-protocol';
import { can, type Role } from '../accounts/roles';
import type { ChangeSetRecord } from '../changes';
import { changeSetAndRecord, HostError, personOf, refuseIf, type HostContext } from '../host-context';
import { detailOf } from '../review/change-set-detail';
import { publish } from './publish';
import { cancelPublishAtRule, publishRule, type Asker } from './transition-rules';

/** How far ahead a time may be set. */
const FURTHEST_DAYS = 366;

/** The time as sent: an ISO date with its zone, in the future, within a year. */
function timeOf(at: unknown, now: Date): Date {
  const time = typeof at === 'string' && /(Z|[+-]\d\d:\d\d)$/.test(at) ? new Date(at) : undefined;
  if (!time || Number.isNaN(time.getTime())) throw new HostError(400, 'Send the publish time as a date and time with its time zone.');
  if (time.getTime() <= now.getTime()) throw new HostError(400, 'Choose a publish time in the future.');
  if (time.getTime() - now.getTime() > FURTHEST_DAYS * 24 * 60 * 60_000)
    throw new HostError(400, `Choose a publish time within ${FURTHEST_DAYS} days.`);
  return time;
}

export async function setPublishAt(host: HostContext, asker: Asker, id: string, at: unknown): Promise<ChangeSetDetail> {
  const time = timeOf(at, host.now());
  const { changeSet } = await changeSetAndRecord(host, id);
  await host.repo.updateRecord(
    id,
    (r) => {
      // In the record's turn, on the record as it is then: a refusal writes nothing.
      refuseIf(publishRule(r, asker));
      r.publishAt = { at: time.toISOString(), by: personOf(asker), role: asker.role, head: changeSet.head };
      delete r.publishAtDropped;
    },
    `to publish at ${time.toISOString()}, set by ${asker.name}`,
    host.now(),
  );
  host.publishTimes?.arm(id, time);
  return detailOf(host, id, asker);
}

export async function cancelPublishAt(host: HostContext, asker: Asker, id: string): Promise<ChangeSetDetail> {
  await changeSetAndRecord(host, id); // there, readable, with its branch: or refused before anything is written
  await host.repo.updateRecord(
    id,
    (r) => {
      refuseIf(cancelPublishAtRule(r, asker));
      delete r.publishAt;
    },
    `publish time cancelled by ${asker.name}`,
    host.now(),
  );
  host.publishTimes?.disarm(id);
  return detailOf(host, id, asker);
}

/** The publish time a drop was for is no longer the record's (cancelled, or set again): nothing to drop. */
class TimeMovedOn extends Error {}

/** The account of whoever set a publish time, as it is now (none: removed since). */
export type AccountNow = (email: string) => Promise<{ role: Role } | undefined>;

/** Publishes a change set whose time came, or drops the time saying why. */
async function publishDue(host: HostContext, id: string, accountNow: AccountNow, log: (message: string) => void): Promise<void> {
  const { changeSet, record } = await changeSetAndRecord(host, id);
  const due = record.publishAt;
  if (!due || new Date(due.at).getTime() > host.now().getTime()) return;
  const reason = await whyNotPublished(host, id, due, changeSet.head, accountNow);
  if (!reason) return log(`change set ${id}: published at its time, as ${due.by.name}`);
  await dropTime(host, id, due, reason, log);
}

/** Why a time found at start on a change set no longer approved is dropped then (an older editor left it there). */
const NOT_APPROVED_AT_START =
  'Its approval had ended (before this version of the editor dropped a publish time with it), so it does not publish by itself: once it is approved again, a reviewer can set a new time.';

/** The time `due` taken off the record, saying why; nothing when it was cancelled or set again meanwhile. */
async function dropTime(
  host: HostContext,
  id: string,
  due: NonNullable<ChangeSetRecord['publishAt']>,
  reason: string,
  log: (message: string) => void,
  beforeItsTime = false,
): Promise<void> {
  const dropped = await host.repo
    .updateRecord(
      id,
      (r) => {
        // A time cancelled or set again meanwhile is not this one's to drop.
        if (r.publishAt?.at !== due.at) throw new TimeMovedOn();
        delete r.publishAt;
        r.publishAtDropped = { date: host.now().toISOString(), reason, ...(beforeItsTime ? { beforeItsTime } : {}) };
      },
      `not published at its time: ${reason}`,
      host.now(),
    )
    .then(
      () => true,
      (error: unknown) => {
        if (error instanceof TimeMovedOn) return false;
        throw error;
      },
    );
  log(
    `change set ${id}: not published at its time: ${reason}${dropped ? '' : ' (its publish time had been cancelled or set again meanwhile)'}`,
  );
}

/** Undefined once published; else why not, in words. */
async function whyNotPublished(
  host: HostContext,
  id: string,
  due: NonNullable<ChangeSetRecord['publishAt']>,
  head: string,
  accountNow: AccountNow,
): Promise<string | undefined> {
  if (head !== due.head) return 'it changed after the publish time was set, so it waits for review again.';
  try {
    // As the person who set it is now, not was then: someone who left, or may no longer publish, publishes nothing.
    const setter = await accountNow(due.by.email);
    const again = 'a reviewer can publish it, or set a new time.';
    if (!setter) return `${due.by.name}, who set the time, has no account any more: ${again}`;
    if (!can(setter.role, 'publish')) return `${due.by.name}, who set the time, may no longer publish (${setter.role} now): ${again}`;
    const { answer } = await publish(host, { ...due.by, role: setter.role }, id, due.at);
    if (answer.outcome === 'published') return undefined;
    if (answer.outcome === 'conflicts')
      return `it clashes with the published site (${answer.conflicts.map((c) => c.where).join('; ')}): bring it up to date first.`;
    if (answer.outcome === 'refused') return answer.message;
    return `the site would not be valid with it: ${answer.problems.join('; ')}`;
  } catch (error) {
    if (error instanceof HostError) return error.message;
    return `the editor could not publish it: ${(error as Error).message}`;
  }
}

/**
 * The timers of the change sets with a publish time: armed at start from the records (a time passed while the editor
 * was down publishes at once) and when a time is set. One timer, for the earliest time, woken at least every
 * `checkEveryMs` so a clock moved (or a long time) is caught; one publish at a time.
 */
export class PublishTimes {
  private readonly times = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly host: () => HostContext,
    private readonly options: { checkEveryMs: number; accountNow: AccountNow; log: (message: string) => void },
  ) {}

  /**
   * Arms the publish time of every approved change set. One on a change set no longer approved (a record written
   * before a step that ends an approval dropped its time) is dropped now, saying why: left, an approval given again
   * would publish it at a time nobody chose. A time that is not a date (a record changed by hand) is logged and left.
   */
  start(records: ChangeSetRecord[]): void {
    const stale: { id: string; due: NonNullable<ChangeSetRecord['publishAt']> }[] = [];
    for (const record of records) {
      if (!record.publishAt) continue;
      const at = Date.parse(record.publishAt.at);
      if (record.status !== 'approved') stale.push({ id: record.id, due: record.publishAt });
      else if (Number.isNaN(at))
        this.options.log(`change set ${record.id}: its publish time "${record.publishAt.at}" is not a date; not armed`);
      else this.times.set(record.id, at);
    }
    void this.run(async () => {
      for (const { id, due } of stale)
        await dropTime(this.host(), id, due, NOT_APPROVED_AT_START, this.options.log, true).catch((error: Error) =>
          this.options.log(`change set ${id}: its publish time could not be dropped: ${error.message}`),
        );
    });
  }

  arm(id: string, at: Date): void {
    this.times.set(id, at.getTime());
    this.wake();
  }

  disarm(id: string): void {
    this.times.delete(id);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private wake(): void {
    clearTimeout(this.timer);
    if (this.stopped || this.running || !this.times.size) return;
    const earliest = Math.min(...this.times.values());
    const wait = Math.min(Math.max(earliest - this.host().now().getTime(), 0), this.options.checkEveryMs);
    this.timer = setTimeout(() => void this.fire(), wait);
    this.timer.unref();
  }

  private async fire(): Promise<void> {
    const now = this.host().now().getTime();
    const due = [...this.times].filter(([, at]) => at <= now);
    await this.run(async () => {
      for (const [id, at] of due) {
        if (this.stopped) return;
        // Set again (later) while an earlier one published: armed for its new time, not taken now.
        if (this.times.get(id) !== at) continue;
        this.times.delete(id);
        await publishDue(this.host(), id, this.options.accountNow, this.options.log).catch((error: Error) =>
          this.options.log(`change set ${id}: its publish time could not be handled: ${error.message}`),
        );
      }
    });
  }

  /** One piece of work at a time (stop waits for it); the timer set again after it. */
  private async run(work: () => Promise<void>): Promise<void> {
    this.running = work();
    await this.running;
    this.running = undefined;
    this.wake();
  }
}
