/**
 * The open live streams (server-sent events) and who is where: each stream belongs to one signed-in person and may be
 * about one change set (and a document in it). From them, each change set's presence: the people with a stream on it,
 * plus those whose stream ended a moment ago (closed by their browser: `leaveSettleMs`, another document opening; ended
 * by the server or the network: `reconnectGraceMs`, their browser opening it again). Everyone on a change set is told
 * when its presence changes, without themselves. Memory stays bounded: a stream is forgotten when its connection ends,
 * a person has at most `streamsPerPerson`, the server `streamsInAll`, a slow reader is cut, and a departed person's
 * entry goes when their grace ends. A tab without a stream (refused one, or a browser without EventSource) polls:
 * it is answered the events its stream would have had since the last it saw, from those kept (`poll`). A stream the
 * server ends for its browser to open again keeps its place for `reconnectGraceMs`: a polling tab is not told to go
 * live in that gap, and take the place from the tab coming back (one person's two tabs swapped the stream so).
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  LIVE_EVENTS,
  type ChangedEvent,
  type LivePollAnswer,
  type NoticeEvent,
  type PolledEvent,
  type PresenceEvent,
  type PresentPerson,
  type SavedEvent,
  type StreamRefusedFor,
} from '../../live-protocol';
import type { Role } from '../accounts/roles';
import type { LiveSettings } from './live-settings';

/** Who opened a stream: the session's person (their email stays on the server) and the session itself. */
export interface StreamOwner {
  userId: number;
  name: string;
  email: string;
  role: Role;
  /** The languages they translate into (none: all). */
  languages: readonly string[];
  sessionHash: string;
  sessionEndsAt: Date;
}

/** Whom an event is for: a stream's owner, and the change set it is about. */
interface Listener {
  owner: StreamOwner;
  changeSet?: string;
}

interface Stream extends Listener {
  document?: string;
  openedAt: number;
  response: ServerResponse;
  /** The last presence sent on it, as JSON: nothing is sent twice. */
  presenceSent?: string;
  ended: boolean;
}

/** A person whose last stream on a change set ended a moment ago: still shown until the timer. */
interface Departed {
  person: PresentPerson;
  timer: NodeJS.Timeout;
}

/** A notice or a move as sent, kept a while for a browser that was reconnecting meanwhile (it names the last it had). */
interface Sent {
  seq: number;
  at: number;
  frame: string;
  /** The event as a poll answers it. */
  polled: PolledEvent;
  to: (listener: Listener) => boolean;
}

/** How many sent events are kept for browsers reconnecting, at most. */
const KEPT_EVENTS = 500;

export type OpenRefusal = { status: 429 | 503; refusedFor: StreamRefusedFor; message: string };

const keyOf = (changeSet: string, userId: number) => `${changeSet}\n${userId}`;

export class LiveStreams {
  private readonly streams = new Set<Stream>();
  private readonly departed = new Map<string, Departed>();
  private readonly ticker: NodeJS.Timeout;
  /** Event ids are `<this run>.<n>`: an id from before a restart replays nothing. */
  private readonly run = randomBytes(4).toString('hex');
  private sequence = 0;
  private readonly sent: Sent[] = [];
  /** The newest event no longer kept: a poll from before it missed something. */
  private droppedThrough = 0;
  /** Places held for browsers opening their stream again, by person: when each hold ends. */
  private readonly held = new Map<number, number[]>();

  constructor(
    private readonly settings: LiveSettings,
    private readonly now: () => Date,
  ) {
    this.ticker = setInterval(() => this.tick(), settings.heartbeatMs).unref();
  }

  /** How many streams are open (tests and the bench read it: none left behind). */
  get size(): number {
    return this.streams.size;
  }

  /**
   * Why one more stream of this person is refused, if it is. A browser opening its stream again (`reconnecting`: it
   * names the last event it had, as EventSource does) takes a place held for it; to anyone else, held places are taken.
   */
  refusal(owner: StreamOwner, reconnecting = false): OpenRefusal | undefined {
    const heldForThem = this.holdsOf(owner.userId).length;
    const taking = reconnecting && heldForThem > 0 ? 1 : 0;
    // A stream ended is not counted while its connection closes (a slow reader's can take a while): its hold is.
    const open = [...this.streams].filter((stream) => !stream.ended);
    const theirs = open.filter((stream) => stream.owner.userId === owner.userId).length + heldForThem - taking;
    if (theirs >= this.settings.streamsPerPerson)
      return {
        status: 429,
        refusedFor: 'too-many-tabs',
        message: `You have the editor open in ${theirs} tabs or windows already, the most it keeps up to date at once: close some of them and reload this one.`,
      };
    if (open.length + this.heldInAll() - taking >= this.settings.streamsInAll)
      return {
        status: 503,
        refusedFor: 'server-full',
        message: 'The editor has as many people connected as it can keep up to date: reload in a minute.',
      };
    return undefined;
  }

  /**
   * Takes over a response as an event stream until it ends (the browser leaves, or the server ends it); `reconnecting`
   * as for `refusal`.
   */
  open(
    response: ServerResponse,
    owner: StreamOwner,
    where: { changeSet?: string; document?: string },
    lastEventId?: string,
    reconnecting = false,
  ): void {
    // The browser left while the request was being checked: its connection's end has been and gone, so nothing would forget it.
    if (isGone(response)) return;
    if (reconnecting) this.holdsOf(owner.userId).shift();
    const stream: Stream = { owner, ...where, openedAt: Date.now(), response, ended: false };
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: no proxy compresses (and so holds back) the events.
      'Cache-Control': 'no-store, no-transform',
      // nginx: pass each event on at once instead of filling its buffer first.
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
      'X-Content-Type-Options': 'nosniff',
    });
    // The browser opens the stream again this soon after it ends.
    response.write(`retry: ${Math.min(1000, this.settings.heartbeatMs)}\n\n`);
    this.streams.add(stream);
    // What was sent while this browser was reconnecting (it names the last event it had, as EventSource does).
    const [run, seq] = (lastEventId ?? '').split('.');
    if (run === this.run) for (const sent of this.sent) if (sent.seq > Number(seq) && sent.to(stream)) this.write(stream, sent.frame);
    // Where this stream starts: without it, a browser that has had no notice yet reconnects naming no event, and what
    // was sent in its reconnecting gap is lost; dispatched, so a tab whose stream is refused later polls from there.
    this.write(stream, `id: ${this.run}.${this.sequence}\nevent: ${LIVE_EVENTS.opened}\ndata: {}\n\n`);
    response.on('close', () => this.forget(stream, !stream.ended));
    if (stream.changeSet) {
      this.clearDeparted(stream.changeSet, owner.userId);
      this.presenceChanged(stream.changeSet);
    }
  }

  /** A notice for everyone `to` picks (by the streams' owners). */
  notify(to: (owner: StreamOwner) => boolean, notice: NoticeEvent): void {
    this.broadcast(({ owner }) => to(owner), { event: LIVE_EVENTS.notice, data: notice });
  }

  /** A save, to the streams on its change set whose owners `to` picks. */
  saved(to: (owner: StreamOwner) => boolean, saved: SavedEvent): void {
    this.broadcast(({ owner, changeSet }) => changeSet === saved.changeSet && to(owner), { event: LIVE_EVENTS.saved, data: saved });
  }

  /** Every stream is told the change set moved (everyone who may read may see every change set). */
  changed(id: string): void {
    const event: ChangedEvent = { id };
    this.broadcast(() => true, { event: LIVE_EVENTS.changed, data: event });
  }

  /**
   * For a tab that polls instead of keeping a stream (`owner`'s, about `where`): what its stream would have had since
   * the event `since` (none named: from now on), who else is on its change set, and whether a stream would be taken now.
   */
  poll(owner: StreamOwner, where: { changeSet?: string }, since?: string): LivePollAnswer {
    const listener: Listener = { owner, ...where };
    const [run, seq] = (since ?? '').split('.');
    const from = Number(seq);
    const known = since !== undefined && run === this.run && Number.isInteger(from);
    const refusal = this.refusal(owner);
    return {
      events: known ? this.sent.filter((sent) => sent.seq > from && sent.to(listener)).map((sent) => sent.polled) : [],
      last: `${this.run}.${this.sequence}`,
      missed: since !== undefined && (!known || from < this.droppedThrough),
      people: where.changeSet ? this.othersOn(where.changeSet, owner.userId) : [],
      ...(refusal ? { live: false, refused: refusal.refusedFor } : { live: true }),
    };
  }

  /** Sent to the streams `to` picks now, and kept for a while for those reconnecting. */
  private broadcast(to: (listener: Listener) => boolean, polled: PolledEvent): void {
    const seq = ++this.sequence;
    const at = Date.now();
    const frame = `id: ${this.run}.${seq}\nevent: ${polled.event}\ndata: ${JSON.stringify(polled.data)}\n\n`;
    while (this.sent.length && (this.sent.length >= KEPT_EVENTS || at - this.sent[0].at > this.settings.keepEventsMs))
      this.droppedThrough = this.sent.shift()!.seq;
    this.sent.push({ seq, at, frame, polled, to });
    for (const stream of this.streams) if (to(stream)) this.write(stream, frame);
  }

  /** Signing out ends that session's streams at once, saying so (its browser's next attempt would be refused). */
  endSession(sessionHash: string): void {
    for (const stream of this.streams) if (stream.owner.sessionHash === sessionHash) this.signedOut(stream);
  }

  private signedOut(stream: Stream): void {
    this.send(stream, LIVE_EVENTS.signedOut, {});
    this.end(stream);
  }

  /** Before the server closes: every stream ended (an open one would keep it waiting), and the timers stopped. */
  stop(): void {
    clearInterval(this.ticker);
    for (const stream of this.streams) this.end(stream);
    for (const { timer } of this.departed.values()) clearTimeout(timer);
    this.departed.clear();
    this.sent.length = 0;
    this.held.clear();
  }

  /** The heartbeat: a comment on each stream; a stream past its life or its session's end is ended. */
  private tick(): void {
    const now = Date.now();
    const sessionTime = this.now().getTime();
    for (const stream of this.streams) {
      // A connection that ended without its response hearing of it is forgotten all the same.
      if (isGone(stream.response)) this.forget(stream, true);
      else if (stream.owner.sessionEndsAt.getTime() <= sessionTime) this.signedOut(stream);
      else if (now - stream.openedAt >= this.settings.streamLifeMs) this.renew(stream);
      else this.write(stream, ': still here\n\n');
    }
    this.heldInAll(); // holds whose browser never came back are forgotten
  }

  private end(stream: Stream): void {
    if (stream.ended) return;
    stream.ended = true;
    stream.response.end();
  }

  /**
   * Ends a stream its browser opens again (its life is over: within a second; or it read too slowly: once it has read
   * what was sent, which may outlast the hold): its place held meanwhile.
   */
  private renew(stream: Stream): void {
    if (stream.ended) return;
    this.end(stream);
    this.held.set(stream.owner.userId, [...this.holdsOf(stream.owner.userId), Date.now() + this.settings.reconnectGraceMs]);
  }

  /** The places held for this person's browsers now (the list itself: a browser coming back takes one off it). */
  private holdsOf(userId: number): number[] {
    const now = Date.now();
    const holds = (this.held.get(userId) ?? []).filter((until) => until > now);
    if (holds.length) this.held.set(userId, holds);
    else this.held.delete(userId);
    return holds;
  }

  private heldInAll(): number {
    let count = 0;
    for (const userId of [...this.held.keys()]) count += this.holdsOf(userId).length;
    return count;
  }

  /** The connection ended: the stream forgotten, and its person shown a while longer on its change set. */
  private forget(stream: Stream, closedByBrowser: boolean): void {
    stream.ended = true;
    if (!this.streams.delete(stream) || !stream.changeSet) return;
    const { changeSet, owner } = stream;
    const stillThere = [...this.streams].some((other) => other.changeSet === changeSet && other.owner.userId === owner.userId);
    if (stillThere) return this.presenceChanged(changeSet);
    this.clearDeparted(changeSet, owner.userId);
    const key = keyOf(changeSet, owner.userId);
    const wait = closedByBrowser ? this.settings.leaveSettleMs : this.settings.reconnectGraceMs;
    const timer = setTimeout(() => {
      this.departed.delete(key);
      this.presenceChanged(changeSet);
    }, wait).unref();
    this.departed.set(key, { person: personOf(stream), timer });
  }

  private clearDeparted(changeSet: string, userId: number): void {
    const key = keyOf(changeSet, userId);
    const departed = this.departed.get(key);
    if (!departed) return;
    clearTimeout(departed.timer);
    this.departed.delete(key);
  }

  /** Who is on a change set: by person, with the document of their newest stream there; those departing after them. */
  private presenceOf(changeSet: string): Map<number, PresentPerson> {
    const people = new Map<number, { person: PresentPerson; openedAt: number }>();
    for (const stream of this.streams) {
      if (stream.changeSet !== changeSet) continue;
      const known = people.get(stream.owner.userId);
      if (!known || known.openedAt <= stream.openedAt)
        people.set(stream.owner.userId, { person: personOf(stream), openedAt: stream.openedAt });
    }
    const present = new Map([...people].map(([userId, { person }]) => [userId, person]));
    for (const [key, { person }] of this.departed) {
      const [id, userId] = key.split('\n');
      if (id === changeSet && !present.has(Number(userId))) present.set(Number(userId), person);
    }
    return present;
  }

  /** Everyone on a change set but one person, by name. */
  private othersOn(changeSet: string, userId: number, present = this.presenceOf(changeSet)): PresentPerson[] {
    return [...present]
      .filter(([id]) => id !== userId)
      .map(([, person]) => person)
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  private presenceChanged(changeSet: string): void {
    const present = this.presenceOf(changeSet);
    for (const stream of this.streams) {
      if (stream.changeSet !== changeSet) continue;
      const people = this.othersOn(changeSet, stream.owner.userId, present);
      const event: PresenceEvent = { changeSet, people };
      const json = JSON.stringify(event);
      if (json === stream.presenceSent) continue;
      stream.presenceSent = json;
      this.write(stream, `event: ${LIVE_EVENTS.presence}\ndata: ${json}\n\n`);
    }
  }

  private send(stream: Stream, event: string, data: unknown): void {
    this.write(stream, `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** Writes, unless the browser has fallen too far behind: then the stream ends, and its next one starts afresh. */
  private write(stream: Stream, text: string): void {
    if (stream.ended) return;
    if (stream.response.writableLength > this.settings.maxBufferedBytes) return this.renew(stream);
    stream.response.write(text);
  }
}

const isGone = (response: ServerResponse) => response.destroyed || !response.socket || response.socket.destroyed;

const personOf = (stream: Stream): PresentPerson => ({
  name: stream.owner.name,
  ...(stream.document ? { document: stream.document } : {}),
});
