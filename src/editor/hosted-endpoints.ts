/**
 * The hosted editor's endpoints, as one table: method, path (with `:params`), the permission each needs, and the types
 * it is sent and answers. The server (src/editor/host/app.ts) registers a route for every entry, binding the handler
 * src/editor/host/routes/ gives it (an entry without a handler does not compile; the session's are the accounts
 * plugin's); the hub's client (src/editor/app/hub/hub-api.ts) and its links build their URLs from the same entries; the
 * test that every closed route refuses a request without a session walks this table. The editor's own endpoints under
 * each change set's `/changes/:id/edit/api` are the other table, editor-endpoints.ts. Types and constants only: the
 * browser imports it.
 */
import { endpoint } from './endpoint';
import type {
  ChangeSetDetail,
  ChangeSetSummary,
  ClashesAnswer,
  HistoryEntry,
  PreviewLink,
  PublishAnswer,
  RestoreTarget,
  ReviewAnswer,
  SessionAnswer,
  SiteAnswer,
  UndoChangeSetAnswer,
  UpdateRequest,
} from './hosted-protocol';
import type { LivePollAnswer } from './live-protocol';

/** An HTML page, a script, an image or a stream: what the browser opens rather than reads as JSON. */
type Page = string;

export const HOSTED_ENDPOINTS = {
  // Signing in (registered by the accounts plugin, src/editor/host/accounts/session-routes.ts).
  signIn: endpoint<{ email: string; password: string }, SessionAnswer>()('POST', '/api/session', 'anyone'),
  session: endpoint<undefined, SessionAnswer>()('GET', '/api/session', 'signed-in'),
  signOut: endpoint<undefined, unknown>()('DELETE', '/api/session', 'signed-in'),

  // The hub's own pages: the built app, which routes within itself (each asks the server who is signed in).
  hubHome: endpoint<undefined, Page>()('GET', '/', 'anyone', 'html'),
  hubSignIn: endpoint<undefined, Page>()('GET', '/sign-in', 'anyone', 'html'),
  hubChangeSet: endpoint<undefined, Page>()('GET', '/changes/:id', 'anyone', 'html'),
  hubHistory: endpoint<undefined, Page>()('GET', '/history', 'anyone', 'html'),

  // Change sets and their review.
  /** The open change sets, newest first; `?status=closed`: the closed ones. */
  changeSets: endpoint<undefined, readonly ChangeSetSummary[], { status?: 'closed' }>()('GET', '/api/changes', 'read'),
  createChangeSet: endpoint<{ title: string }, ChangeSetSummary>()('POST', '/api/changes', 'edit-translations'),
  changeSet: endpoint<undefined, ChangeSetDetail>()('GET', '/api/changes/:id', 'read'),
  submit: endpoint<undefined, ChangeSetDetail>()('POST', '/api/changes/:id/submit', 'submit'),
  comment: endpoint<{ body: string }, ChangeSetDetail>()('POST', '/api/changes/:id/comments', 'comment'),
  approve: endpoint<undefined, ChangeSetDetail>()('POST', '/api/changes/:id/approve', 'approve'),
  publish: endpoint<undefined, PublishAnswer>()('POST', '/api/changes/:id/publish', 'publish'),
  /** An approved change set publishes by itself at `at` (ISO), as the reviewer who set it; DELETE cancels. */
  publishAt: endpoint<{ at: string }, ChangeSetDetail>()('POST', '/api/changes/:id/publish-at', 'publish'),
  cancelPublishAt: endpoint<undefined, ChangeSetDetail>()('DELETE', '/api/changes/:id/publish-at', 'publish'),
  /** A published change set's publish undone at once (an admin): a new commit on the published site puts back what it changed. */
  undoPublish: endpoint<undefined, PublishAnswer>()('POST', '/api/changes/:id/undo-publish', 'publish'),
  /** A new change set, by the asker, whose one save puts back what a published change set changed: reviewed as any other. */
  undoAsChangeSet: endpoint<undefined, UndoChangeSetAnswer>()('POST', '/api/changes/:id/undo', 'edit-structure'),
  /** Its author takes it back from review to being edited. */
  withdraw: endpoint<undefined, ChangeSetDetail>()('POST', '/api/changes/:id/withdraw', 'submit'),
  /** A reviewer sends it back to its author, with a comment saying what to change. */
  requestChanges: endpoint<{ comment: string }, ChangeSetDetail>()('POST', '/api/changes/:id/request-changes', 'approve'),
  /** Its author (or an admin) closes it: off the open list, its saves kept. */
  close: endpoint<undefined, ChangeSetDetail>()('POST', '/api/changes/:id/close', 'submit'),
  reopen: endpoint<undefined, ChangeSetDetail>()('POST', '/api/changes/:id/reopen', 'submit'),
  /** A closed change set removed for good (its saves put aside in the repository, refs/closed/<id>). */
  remove: endpoint<undefined, undefined>()('DELETE', '/api/changes/:id', 'submit'),
  restore: endpoint<{ file: string; sha: string }, ChangeSetDetail>()('POST', '/api/changes/:id/restore', 'edit-translations'),
  update: endpoint<UpdateRequest, ChangeSetDetail>()('POST', '/api/changes/:id/update', 'edit-translations'),
  /** What the editor's toolbar shows while someone edits: the fields that clash with the published site. */
  clashes: endpoint<undefined, ClashesAnswer>()('GET', '/api/changes/:id/clashes', 'read'),
  /** Every page the change set changes, in every language, and the warnings of its documents (refused to other sites). */
  review: endpoint<undefined, ReviewAnswer>()('GET', '/api/changes/:id/review', 'read'),
  /** The open change sets of the asker's that a version of `file` may be restored into. */
  restoreTargets: endpoint<undefined, RestoreTarget[], { file: string }>()('GET', '/api/restore-targets', 'read'),
  previewLink: endpoint<undefined, PreviewLink>()('POST', '/api/changes/:id/preview-link', 'read'),
  history: endpoint<undefined, (HistoryEntry & { path: string })[], { file: string; changeSet?: string }>()('GET', '/api/history', 'read'),

  // The site on this machine and the team's repository.
  site: endpoint<undefined, SiteAnswer>()('GET', '/api/site', 'read'),
  /**
   * Server-sent events (live-protocol.ts): who else has `changeSet` open and on which `document`, notices for the
   * asker, and which change set moved. The stream ends by itself now and then and the browser opens it again
   * (docs/editor-server.md, "Who else is here").
   */
  live: endpoint<undefined, Page, { changeSet?: string; document?: string; since?: string }>()('GET', '/api/live', 'read', 'stream'),
  /** The same, asked every LIVE_POLL_SECONDS by a tab refused a stream (too many tabs) or without EventSource; `since`: the last event it had. */
  livePoll: endpoint<undefined, LivePollAnswer, { changeSet?: string; document?: string; since?: string }>()(
    'GET',
    '/api/live/poll',
    'read',
  ),
  serveAgain: endpoint<undefined, SiteAnswer>()('POST', '/api/site/serve', 'publish'),
  /** Where the push of the published branch and of the change sets stands (for people and monitoring; no view shows it). */
  siteStatus: endpoint<undefined, unknown>()('GET', '/api/site/status', 'read'),
  /** Brings the editor up to the team's repository, for a reviewer after a developer pushed. */
  pull: endpoint<undefined, unknown>()('POST', '/api/site/pull', 'publish'),

  // The editor on one change set: its page, and under it the editor's endpoints (editor-endpoints.ts), its previews
  // and site data, answered on the connection by the editor's handler.
  editor: endpoint<undefined, Page>()('GET', '/changes/:id/edit', 'read', 'stream'),
  editorWithin: endpoint<unknown, unknown>()('ALL', '/changes/:id/edit/*', 'read', 'stream'),

  // Whole pages of the site before and after, versions in history, and preview links (which need no account).
  compare: endpoint<undefined, Page, { route?: string; side?: 'before' | 'after' }>()('GET', '/changes/:id/compare', 'read', 'html'),
  publishedSiteData: endpoint<undefined, Page>()('GET', '/published/site-data/:file', 'read', 'script'),
  historyVersion: endpoint<undefined, Page, { sha: string; file?: string; route?: string }>()('GET', '/history/version', 'read', 'html'),
  historySiteData: endpoint<undefined, Page>()('GET', '/history/site-data/:sha/:file', 'read', 'script'),
  /** The images those pages show, made from the published site's or the version's own media (preview-images.ts). */
  publishedImage: endpoint<undefined, Page>()('GET', '/published/_img/:file', 'read', 'image'),
  historyImage: endpoint<undefined, Page>()('GET', '/history/version/:sha/_img/:file', 'read', 'image'),
  preview: endpoint<undefined, Page>()('GET', '/preview/:token/*', 'anyone', 'html'),
} as const;

export type HostedEndpointName = keyof typeof HOSTED_ENDPOINTS;

/** The entries the accounts plugin registers itself (sign-in comes before every other route). */
export const SESSION_ENDPOINTS = ['signIn', 'session', 'signOut'] as const satisfies readonly HostedEndpointName[];
