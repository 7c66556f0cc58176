/**
 * What the editor server's main thread and its content workers (content-worker.ts) say to each other: plain data
 * only, since messages between threads are copied (no functions, no classes).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Person } from '../../hosted-protocol';
import type { TemplateSection } from '../../server/block-labels';
import type { FileContent } from '../../server/document-store';
import type { ChangedFile } from '../review/changed-documents';
import type { ResolveOptions, Side, Versions } from '../changes';

export interface ContentWorkerData {
  /** The editor's bundles (`.editor-build/`): the worker reads its draft renderer and page files from there. */
  buildDir: string;
  /**
   * TEST ONLY (`EDITOR_TEST_HANG_IN_PLAN`, tests/server/editor-worker-timeout.test.ts): a save of this document
   * hangs in its plan for ever, as a worker stuck in a loop would. Unset outside that test.
   */
  hangInPlan?: string;
  /** TEST ONLY (`EDITOR_TEST_HANG_IN_MERGE`): a field-by-field merge of this file (`pages-json/...`) hangs for ever. */
  hangInMerge?: string;
}

/** A change set's content as its editor's endpoints see it. */
export interface WorkspaceRef {
  id: string;
  /** Its content folder (`<worktree>/pages-json`): the worker keeps one validated content per folder. */
  dir: string;
  /** Where its editor is: `/changes/<id>/edit`. */
  base: string;
}

/** An HTTP request to the editor's endpoints, its body read whole by the main thread. */
export interface RelayedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body?: Uint8Array;
}

/** The endpoints' answer, whole. `handled` false: not one of theirs. */
export interface RelayedAnswer {
  handled: boolean;
  status: number;
  headers: Record<string, string | number | string[]>;
  body: string;
}

/** A request the main thread makes; each with its `id`, answered by a reply with the same. */
export type ContentTask =
  | { op: 'endpoint'; workspace: WorkspaceRef; person: Person; request: RelayedRequest }
  /** A page of the site, whole (site-pages.ts sitePageHtml). */
  | { op: 'page'; dir: string; path: string; siteDataBase: string }
  /** A language's site data module (`default.js`, `es.js`). */
  | { op: 'siteData'; dir: string; file: string }
  /** What a change set changes, for its review (review/changed-documents.ts). */
  | { op: 'changedDocuments'; dir: string; files: ChangedFile[] }
  /** Each page's render inputs and the warnings of the documents named, for a review (review/page-inputs.ts). */
  | { op: 'versionInputs'; dir: string; files: string[] }
  /** The errors of a whole site, read afresh and not kept (a publish candidate's). */
  | { op: 'siteErrors'; dir: string }
  /** One document merged field by field (changes/json-resolve.ts), for a publish, an update or a pull. */
  | { op: 'resolveJson'; file: string; versions: Versions; ours: Side; options: ResolveOptions };

/**
 * A save's way through the change set's git queue (save-turns.ts on the main thread, worker-document-store.ts in the
 * worker): the worker asks for the change set's turn (`turn`), the main thread grants it when the saves before it are
 * committed (`granted`), the worker plans the save against the files as they are then and sends what to write
 * (`planned`), and the main thread writes, stages and commits it as the person saving in that same turn and says how
 * it went (`saved`). Each `call` is the worker's number for one save.
 */
export type ToWorker =
  | { task: ContentTask; id: number }
  | { granted: number }
  /**
   * The save's turn is over: `written` false when its plan was refused or failed (then nothing was written); `status`:
   * the failure is a refusal with that HTTP status.
   */
  | { saved: number; written: boolean; committed: boolean; error?: string; status?: number }
  /** The worker forgets a content (a change set closed, a version no longer kept). */
  | { forget: string };

/** What a save writes: files by their path in the content folder (bytes for an image; null removes one). */
export type PlannedFiles = Record<string, FileContent | null>;

export type FromWorker =
  | { reply: number; value?: unknown; error?: string }
  /** A save by `person` into the change set whose content folder is `dir` waits for its turn. */
  | { turn: number; dir: string; person: Person }
  /**
   * The save's plan, run in its turn: the files to write, and its template's sections to name blocks in the commit's
   * words; or `refused` (nothing to write), or `error` (its plan failed).
   */
  | { planned: number; files: PlannedFiles; sections?: TemplateSection[] }
  | { planned: number; refused: true }
  | { planned: number; error: string }
  | { log: string };
