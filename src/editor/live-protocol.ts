/**
 * What the hosted editor's live stream (`GET /api/live`, server-sent events, src/editor/host/live/) tells a browser:
 * who else has a change set open and on which document, notices for the author of a change set (approved, changes
 * requested, published, a publish time set, a clash) and for reviewers (asked to review), and which change set moved
 * (the hub's lists refresh then rather than at their next poll). Names only: never an email. Types and constants
 * only: the browser imports it.
 */

/** The events' names, as `event:` lines on the stream. */
export const LIVE_EVENTS = { presence: 'presence', notice: 'notice', changed: 'changed', signedOut: 'signed-out' } as const;

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

type NoticeKind = 'approved' | 'changes-requested' | 'published' | 'scheduled' | 'clash' | 'review-requested';

/** `notice`: something happened to a change set that concerns this person. */
export interface NoticeEvent {
  kind: NoticeKind;
  changeSet: { id: string; title: string };
  /** Who did it (the reviewer, the publisher, the author asking for review), by name. */
  by?: string;
  /** `scheduled`: when it publishes (ISO). */
  at?: string;
  /** `clash`: the change set whose publish collides with it. */
  with?: { id: string; title: string };
}

/** `signed-out` (no data): the session ended (signed out, or its time is up); the stream ends and is not opened again. */

/** `changed`: a change set moved (a save, a step of its review, created or removed). */
export interface ChangedEvent {
  id: string;
}
