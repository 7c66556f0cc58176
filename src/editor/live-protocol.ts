/**
 * What the hosted editor's live stream (`GET /api/live`, server-sent events, src/editor/host/live/) tells a browser:
 * who else has a change set open and on which document, notices for the author of a change set (approved, changes
 * requested, published, a publish time set, a clash) and for reviewers (asked to review), and which change set moved
 * (the hub's lists refresh then rather than at their next poll), and a colleague's save of a document in the change set
 * open (the editor shows their version, or merges it with unsaved edits). Names only: never an email. Types and constants
 * only: the browser imports it.
 */

/** The events' names, as `event:` lines on the stream. */
export const LIVE_EVENTS = {
  presence: 'presence',
  notice: 'notice',
  changed: 'changed',
  saved: 'saved',
  signedOut: 'signed-out',
} as const;

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
