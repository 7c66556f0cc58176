/**
 * What the hosted editor's browser app and its server (src/editor/host/) share beyond the editor's own endpoints
 * (protocol.ts): signing in, change sets and their review, publishing, history, preview links. Plain TypeScript
 * with no imports of values: the browser imports it.
 */

export type Role = 'editor' | 'translator' | 'reviewer' | 'admin';

export interface Person {
  email: string;
  name: string;
}

/** GET /api/session, and the answer to signing in (POST /api/session): who, what they may do, their CSRF token. */
export interface SessionAnswer extends Person {
  role: Role;
  /** The permissions of the role (src/editor/host/accounts/roles.ts): the interface hides what the server refuses. */
  permissions: string[];
  /** The languages they may translate into (src/editor/host/accounts/languages.ts); empty: every language. */
  languages: string[];
  /** What every change must carry in the X-CSRF-Token header. */
  csrfToken: string;
  expiresAt: string;
}

/** `changes-requested`: a reviewer sent it back to its author with a comment; edited again, then submitted again. */
export type ChangeSetStatus = 'draft' | 'changes-requested' | 'submitted' | 'approved' | 'published' | 'closed';

export interface ChangeSetSummary {
  id: string;
  title: string;
  owner: Person;
  status: ChangeSetStatus;
  /** ISO dates. */
  createdAt: string;
  updatedAt: string;
  commits: number;
  /** Set: it publishes by itself at this time (a reviewer approved it and chose the time). */
  publishAt?: PublishAt;
  /** The last time set that was dropped without publishing, and why. */
  publishAtDropped?: {
    date: string;
    reason: string;
    /** Dropped by a step that ended its approval (withdrawn, changes requested, closed, saved again), not at its time. */
    beforeItsTime?: boolean;
  };
  /** Published, then undone: the published site has what it had before this change set's publish. */
  undone?: UndoneBy;
  /** Made to undo this published change set (its saves put back what that one changed). */
  undoes?: ChangeSetLink;
  /** The change set made to undo this one, while it is open or once published (a closed one is not shown). */
  undoneIn?: ChangeSetLink & { status: ChangeSetStatus };
}

/** Another change set, as a link to its page names it. */
export interface ChangeSetLink {
  id: string;
  title: string;
}

/** POST /api/changes/:id/undo: the new change set that undoes it, or the later publishes that changed the same fields. */
export type UndoChangeSetAnswer = { outcome: 'created'; changeSet: ChangeSetSummary } | { outcome: 'conflicts'; conflicts: Clash[] };

/** Who undid a publish, when (ISO), and the commit on the published branch that undid it. */
export interface UndoneBy {
  by: Person;
  date: string;
  commit: string;
}

/** A publish at a chosen time: when (ISO), and the reviewer it publishes as. */
export interface PublishAt {
  at: string;
  by: Person;
}

interface CommitInfo {
  sha: string;
  author: Person;
  date: string;
  message: string;
  files: string[];
}

/** A document the change set changes, with its changes in words and where to see it before and after. */
export interface ChangedDocument {
  /** Path in the repository: `pages-json/story.json`. */
  file: string;
  /** `Story`, or the file's name. */
  title: string;
  status: 'added' | 'modified' | 'removed';
  /** "Hero › Heading: “A” → “B”", at most a few dozen. */
  changes: string[];
  /** The pages to compare rendered (a page's own route; a collection's or template's pages), at most a few. */
  routes: string[];
  /** Each text or figure it changes, whole (never cut short): the review shows them as word diffs (absent in a
   * change set published before the review kept them). */
  texts?: TextChange[];
}

/** A text a change set changes, whole: "Hero › Heading", before and after ('' where it had none). */
export interface TextChange {
  where: string;
  before: string;
  after: string;
}

/**
 * A page a change set changes as visitors would see it, in one language: every page whose rendering reads what the
 * change set changes (the incremental publish's render inputs differ, scripts/build/render-inputs.ts).
 */
export interface AffectedPage {
  /** Its address on the site: `/pricing`, `/es/pricing`. */
  path: string;
  /** The same page's address in the default language (`/pricing`): one page in several languages shares it. */
  route: string;
  /** Its page title, in its language. */
  title: string;
  /** The language's name in English ("Spanish"); the default language's too. */
  language: string;
  /** New with this change set: there is nothing to compare it with. */
  isNew: boolean;
  /** Its own document (or its translation) is one the change set changes, rather than something it shows. */
  direct: boolean;
}

/** What a reviewer must see before approving: every page it changes, and every warning of its documents, in words. */
export interface ReviewAnswer {
  pages: AffectedPage[];
  /** "The page /pricing: its title is 151 characters…", each once. */
  warnings: string[];
}

export interface ReviewComment {
  author: Person;
  date: string;
  body: string;
}

/** What the person asking may do with the change set now (the server checks again on each request). */
export interface ChangeSetActions {
  edit: boolean;
  submit: boolean;
  comment: boolean;
  approve: boolean;
  publish: boolean;
  /** Take it back from review to being edited (its author). */
  withdraw: boolean;
  /** Send it back to its author with a comment (a reviewer). */
  requestChanges: boolean;
  /** Close it: it leaves the open list, its saves kept (its author or an admin). */
  close: boolean;
  reopen: boolean;
  /** Remove a closed change set for good (its saves kept aside in the repository). */
  remove: boolean;
  /** Cancel its publish time (a reviewer, while one is set). */
  cancelPublishAt: boolean;
  /** Undo its publish at once, without review: a new commit on the published site that puts back what it changed (an admin). */
  undo: boolean;
  /** Ask for a new change set that undoes it, to go through review (an editor, a reviewer or an admin). */
  undoAsChangeSet: boolean;
}

export interface ChangeSetDetail extends ChangeSetSummary {
  commitsList: CommitInfo[];
  documents: ChangedDocument[];
  comments: ReviewComment[];
  approvals: { by: Person; date: string }[];
  actions: ChangeSetActions;
  /** Whether the published site moved on since the change set was made (Publish merges it in). */
  behindPublished: boolean;
  /** The fields it and the published site changed differently: to settle (bring it up to date) before it publishes. */
  clashes: Clash[];
}

/** A field both the change set and the published site changed differently: Publish cannot choose for you. */
export interface PublishConflict {
  file: string;
  /** What a choice is sent under (POST /api/changes/:id/update); absent for a whole file, which no choice settles. */
  key?: string;
  where: string;
  published: string;
  changeSet: string;
}

/**
 * A field this change set and the published site both changed, differently, known as soon as the published site
 * moved (GET /api/changes/:id/clashes, and a change set's detail): the document and place in words, both values,
 * and who published the other one.
 */
export interface Clash extends PublishConflict {
  /** The document in words: "Terms", "Plans collection", "Story (es)". */
  document: string;
  /** The value before either changed it, in words. */
  before?: string;
  /** Both values as they are, when both are texts: then a text of one's own may settle it instead. */
  texts?: { changeSet: string; published: string };
  /** Who moved the published site to its version, and when; the change set that was, if one. */
  publishedBy?: Person & { date: string; changeSet?: { id: string; title: string } };
}

/** GET /api/changes/:id/clashes: what the editor's toolbar shows (none while the published site has not moved). */
export interface ClashesAnswer {
  clashes: Clash[];
}

/** How one conflict is settled: a side's version, or a text of one's own (a text field only). */
export type ClashChoice = 'changeSet' | 'published' | { text: string };

/** POST /api/changes/:id/update: the change set brought up to date with the published site, a choice per conflict. */
export interface UpdateRequest {
  choices: Record<string, Record<string, ClashChoice>>;
}

/** How the site on this server (EDITOR_RELEASES_DIR) was last served: kept by the editor, shown after a reload too. */
export interface ServedState {
  /** The published commit it tried to serve. */
  commit: string;
  ok: boolean;
  /** "served in 2.1 s (3 of 160 pages rendered, incremental)", or why the site on this server was kept as it was. */
  summary: string;
  /** ISO date. */
  at: string;
}

/**
 * One step of delivering a publish, after the published branch moved: `done`, `failed` (with why, in words), or
 * `not-configured` (this editor has no remote to push to, or serves no site on this machine).
 */
export interface DeliveryStep {
  state: 'done' | 'failed' | 'not-configured';
  message: string;
}

/** GET /api/site and POST /api/site/serve ("Serve again"): the site on this server and its last serve. */
export interface SiteAnswer {
  /** Whether this editor serves the site on this machine (EDITOR_RELEASES_DIR). */
  servesSite: boolean;
  /** The published branch's head. */
  published: string;
  /** The last serve; undefined before any. */
  served?: ServedState;
  /** Whether the person asking may serve again (the publish permission). */
  mayServe: boolean;
}

export type PublishAnswer =
  | {
      outcome: 'published';
      commit: string;
      /** "Published as 1a2b3c4d.": the published branch moved; pushing and serving are the steps below. */
      summary: string;
      pushed: boolean;
      push: DeliveryStep;
      served: boolean;
      serve: DeliveryStep;
    }
  | { outcome: 'conflicts'; conflicts: Clash[] }
  | { outcome: 'invalid'; problems: string[] }
  | { outcome: 'refused'; message: string };

export interface HistoryEntry {
  sha: string;
  author: Person;
  date: string;
  message: string;
}

/** A change set the person may restore a version into (GET /api/restore-targets): open, and theirs. */
export interface RestoreTarget {
  id: string;
  title: string;
  status: ChangeSetStatus;
}

/** The hub's history of a document (`pages-json/story.json`), opened from a change set when `changeSet` is given. */
/** The history view of a document; `name` is what the person knows it by (its title), shown instead of its file. */
export const historyPath = (file: string, changeSet?: string, name?: string) =>
  `/history?${new URLSearchParams({ file, ...(changeSet ? { change: changeSet } : {}), ...(name ? { name } : {}) }).toString()}`;

/** POST /api/changes/:id/preview-link: an address anyone may open, read-only, until it expires. */
export interface PreviewLink {
  url: string;
  expiresAt: string;
}

/** Where things are on the hosted editor's server. */
export const HOSTED = {
  api: '/api',
  signIn: '/sign-in',
  /** The editor of a change set: `/changes/<id>/edit` (the editor's endpoints under it). */
  editBase: (changeSet: string) => `/changes/${encodeURIComponent(changeSet)}/edit`,
  changeSet: (changeSet: string) => `/changes/${encodeURIComponent(changeSet)}`,
} as const;
