/**
 * What the hosted editor's live stream (`GET /api/live`, server-sent events, src/editor/host/live/) tells a browser:
 * who else has a change set open and on which document, notices for the author of a change set (approved, changes
 * requested, published, a publish time set, a clash) and for reviewers (asked to review), and which change set moved
 * (the hub's lists refresh then rather than at their next poll), and a colleague's save of a document in the change set
 * open (the editor shows their version, or merges it with unsaved edits). Names only: never an email. A tab refused a
 * stream (too many tabs, or the server full) or a browser without EventSource asks `GET /api/live/poll` instead, every
 * `LIVE_POLL_SECONDS`: the same events, as one answer. Types and constants only: the browser imports it.
 */

/** The events' names, as `event:` lines on the stream. */
export const LIVE_EVENTS = {
  presence: 'presence',
  notice: 'notice',
  changed: 'changed',
  saved: 'saved',
  signedOut: 'signed-out',
  opened: 'opened',
} as const;

/**
 * How often a tab without a live stream asks what it would have told it: half the hub's own poll (60 s), so such a tab
 * is never the slowest to learn of anything, yet one person's many tabs (refused only past ten) cost the server two
 * answers from memory a minute each; and well inside the 90 s the server keeps sent events (keepEventsMs), so a poll
 * misses none unless more than the 500 it keeps were sent meanwhile: then its answer says `missed`.
 */
export const LIVE_POLL_SECONDS = 30;

/** A colleague with the change set open now (or a moment ago: their browser reconnecting). */
export interface PresentPerson {
  name: string;
  /** The document they have open in the editor, as the editor names it ("/pricing", "Plans"); absent: the change set's page. */
  document?: string;
}

/** `presence`: everyone else who has the stream's change set open, whenever that changes (and once on opening). */
export interface PresenceEvent {
  changeSet: string;
  people: PresentPerson[];
}

type NoticeKind = 'approved' | 'changes-requested' | 'published' | 'scheduled' | 'publish-time-dropped' | 'clash' | 'review-requested';

/** `notice`: something happened to a change set that concerns this person. */
export interface NoticeEvent {
  kind: NoticeKind;
  changeSet: { id: string; title: string };
  /** Who did it (the reviewer, the publisher, the author asking for review), by name. */
  by?: string;
  /** `scheduled`: when it publishes (ISO). */
  at?: string;
  /** `publish-time-dropped`: why it does not publish by itself (the sentence its page shows). */
  reason?: string;
  /** `clash`: the change set whose publish collides with it. */
  with?: { id: string; title: string };
}

/** `opened` (no data): where this stream starts, as its event id (a poll that follows it names that id). */

/** `signed-out` (no data): the session ended (signed out, or its time is up); the stream ends and is not opened again. */

/** `changed`: a change set moved (a save, a step of its review, created or removed). */
export interface ChangedEvent {
  id: string;
}

/**
 * `saved`: a colleague saved a document of the stream's change set, one they may change themselves (a translator
 * hears only of their languages' translations). The document itself is not in it: the editor asks for it, as any.
 */
export interface SavedEvent {
  changeSet: string;
  /** The document as the editor names its file ("careers.json", "_translations/es/story.json"). */
  file: string;
  /** The saved file's hash, as the editor's document answers give it; null: the save removed it. */
  hash: string | null;
  /** Who saved, by name. */
  by: string;
}

/** One event as the stream would have sent it, in a poll's answer. */
export type PolledEvent =
  | { event: typeof LIVE_EVENTS.notice; data: NoticeEvent }
  | { event: typeof LIVE_EVENTS.changed; data: ChangedEvent }
  | { event: typeof LIVE_EVENTS.saved; data: SavedEvent };

/** `GET /api/live/poll?changeSet=&document=&since=`: what the stream would have told this tab since `since`. */
export type LivePollAnswer = {
  /** In the order sent, only those meant for the asker (as on the stream). */
  events: PolledEvent[];
  /** Where this answer ends: the next poll (or stream) names it as `since`. */
  last: string;
  /** Some events since `since` are kept no more (too long ago, or the server restarted): ask again for all shown. */
  missed: boolean;
  /** Everyone else with the change set open now (empty without one). */
  people: PresentPerson[];
} & (
  | /** A stream would be accepted now (another tab closed, or the server has room again): the tab goes back to live. */
    { live: true }
    /** A stream would be refused now, and why. */
  | { live: false; refused: StreamRefusedFor }
);

/**
 * Why the server refuses one more live stream: `too-many-tabs`, this person has as many open as one may (429);
 * `server-full`, the whole server keeps as many as it can (503), nobody's tabs to blame.
 */
export type StreamRefusedFor = 'too-many-tabs' | 'server-full';
