/**
 * One change set as the editor works on it: the content of its worktree, validated once per change (not per
 * request), and the editor's endpoints mounted under the change set's place, one set per person (each person's
 * unsaved drafts are theirs alone). The content and the endpoints live in a content worker (content-worker/), off the
 * event loop: a request's body is read here (one larger than the editor takes is refused with 413 before more of it
 * is read) and relayed; what the endpoints write is planned there in the change set's turn of its git queue and
 * written and committed here, as the person who saved, in that same turn (content-worker/save-turns.ts).
 */
import { join } from 'node:path';
import type { ChangedDocument, Person } from '../hosted-protocol';
import { DOCUMENT_LIMITS } from '../server/document-limits';
import type { EditorHandler } from '../server/endpoints';
import type { ChangedFile } from './review/changed-documents';
import type { Made } from './review/rendered-cache';
import type { ContentWorkers, SiteRendering } from './content-worker/content-workers';
import type { Saver } from './content-worker/save-turns';
import type { RelayedAnswer, RelayedRequest } from './content-worker/content-worker-protocol';
import { ClientGone, DOCUMENT_BODY, readRelayedRequest, sendRelayedAnswer, UPLOAD_BODY } from './content-worker/relay';
import { editorEndpointOf } from '../editor-endpoints';

/** An image's bytes may be larger than any document: the uploads read up to the media library's limit. */
const UPLOADS = new Set(['mediaUpload', 'mediaReplace']);

/** The limits a change set's documents and drafts are held to (its tests and benchmark read them here). */
export { DOCUMENT_LIMITS };

/** A check of a request's body the main thread makes before the endpoints see it (routes/translation-languages.ts). */
export type RequestRefusal = (request: RelayedRequest) => RelayedAnswer | undefined;

export interface WorkspaceOptions {
  id: string;
  /** The change set's worktree: its content is `<dir>/pages-json`. */
  dir: string;
  /** Where its editor is: `/changes/<id>/edit`. */
  base: string;
  workers: ContentWorkers;
  /** Writes and commits, in the change set's turn, what the endpoints planned in it (workspaces.ts). */
  save: Saver;
}

export interface Workspace {
  contentDir: string;
  /** The endpoints as `person` uses them; `refuse` may answer a request, once read, in their place (a 403). */
  handlerFor: (person: Person, refuse?: RequestRefusal) => EditorHandler;
  /** Its pages and site data, rendered. */
  rendering: SiteRendering;
  /**
   * What the change set changes, document by document, named from its content (review/changed-documents.ts); not
   * `exact` while its content has errors (named from its last valid version).
   */
  changedDocuments: (files: ChangedFile[]) => Promise<Made<ChangedDocument[]>>;
  /** Its content and drafts are forgotten (the change set closed). */
  dispose: () => void;
}

export function createWorkspace({ id, dir, base, workers, save }: WorkspaceOptions): Workspace {
  const contentDir = join(dir, 'pages-json');
  const workspace = { id, dir: contentDir, base };
  const handlerFor =
    (person: Person, refuse?: RequestRefusal): EditorHandler =>
    async (req, res) => {
      const path = new URL(req.url ?? '/', 'http://editor').pathname.slice(`${base}/api`.length);
      const upload = UPLOADS.has(editorEndpointOf(req.method ?? 'GET', path) ?? '');
      const read = await readRelayedRequest(req, upload ? UPLOAD_BODY : DOCUMENT_BODY).catch((error: unknown) => {
        if (error instanceof ClientGone) return undefined;
        throw error;
      });
      // The browser left (a tab closed mid-save): nobody to answer, and the workspace is let go at once.
      if (!read) return true;
      let answer;
      try {
        answer =
          'tooLarge' in read ? read.tooLarge : (refuse?.(read.request) ?? (await workers.endpoint(workspace, person, read.request, save)));
      } catch (error) {
        // The worker stopped with the request (its reason is in the log): said so, never a connection left hanging.
        res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        res.end(JSON.stringify({ message: `The editor could not finish this: ${error instanceof Error ? error.message : String(error)}` }));
        return true;
      }
      if (answer.handled) sendRelayedAnswer(res, answer);
      return answer.handled;
    };
  return {
    contentDir,
    handlerFor,
    rendering: workers.renderingOf(contentDir),
    changedDocuments: (files) => workers.changedDocuments(contentDir, files),
    dispose: () => workers.forget(contentDir),
  };
}
