/**
 * What the editor server's main thread and its content workers (content-worker.ts) say to each other: plain data
 * only, since messages between threads are copied (no functions, no classes).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Person } from '../../hosted-protocol';
import type { TemplateSection } from '../../server/block-labels';
import type { DocumentWrite } from '../../server/endpoints';
import type { ChangedFile } from '../review/changed-documents';

export interface ContentWorkerData {
  /** The editor's bundles (`.editor-build/`): the worker reads its draft renderer and page files from there. */
  buildDir: string;
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
  /** The errors of a whole site, read afresh and not kept (a publish candidate's). */
  | { op: 'siteErrors'; dir: string };

export type ToWorker =
  | { task: ContentTask; id: number }
  /** The main thread committed (or failed to commit) what a save wrote. */
  | { committed: number; error?: string }
  /** The worker forgets a content (a change set closed, a version no longer kept). */
  | { forget: string };

export type FromWorker =
  | { reply: number; value?: unknown; error?: string }
  /** What the endpoints wrote, to commit as `person`; `sections`: its template's, to name the sections in words. */
  | { commit: number; dir: string; person: Person; write: DocumentWrite; sections?: TemplateSection[] }
  | { log: string };
