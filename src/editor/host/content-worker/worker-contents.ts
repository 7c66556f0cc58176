/**
 * What a content worker holds and does: each content folder it was asked about (a change set's worktree, the
 * published branch's, a version of history), validated once per change, and a change set's editor endpoints, one set
 * per person (their unsaved drafts are theirs alone). Everything that reads, validates or renders the site runs here,
 * off the server's event loop, and so does merging documents field by field; a save is planned here in its change set's turn and written and committed by the main
 * thread (worker-document-store.ts).
 */
import { execFile } from 'node:child_process';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { draftImagesWithin } from '../preview-image-urls';
import { formatProblem } from '../../../engine/model/problems';
import { createContentState, isCurrent } from '../../../engine/load/content-state';
import type { Person } from '../../hosted-protocol';
import { YOU_ELSEWHERE } from '../../media-protocol';
import { templateSectionsOf } from '../../server/block-labels';
import { createEditorEndpoints, type EditorHandler } from '../../server/endpoints';
import type { BuiltAssets } from '../built-assets';
import { contentRendering, siteDataModuleFor, type ContentRendering } from '../content-rendering';
import { changedDocuments } from '../review/changed-documents';
import { versionInputs } from '../review/page-inputs';
import { resolveJsonDocument } from '../changes';
import { pageHtml, siteDataUrl, sitePageHtml } from '../site-pages';
import type { ContentTask, RelayedAnswer, RelayedRequest, WorkspaceRef } from './content-worker-protocol';
import { CapturedAnswer, incomingOf } from './relay';
import type { WorkerSaves } from './worker-document-store';

/**
 * Who last saved a file of a change set's content, as `asker` is told: the author of the last commit in its worktree
 * that changed it (every save is a commit by the person saving), or themselves in another tab (never named to
 * themselves as a colleague). Read without optional locks, beside the change set's own git work. Started here, not by
 * the spawner (changes/spawner.ts): it is asked only when an image's details save meets a colleague's change.
 */
async function lastAuthorOf(contentDir: string, file: string, asker: Person): Promise<string | undefined> {
  const { stdout } = await promisify(execFile)(
    'git',
    ['--no-optional-locks', 'log', '-1', '--format=%ae%n%an', '--', `pages-json/${file}`],
    {
      cwd: dirname(contentDir),
    },
  ).catch(() => ({ stdout: '' }));
  const [email, name] = stdout.trim().split('\n');
  if (!email) return undefined;
  return email.toLowerCase() === asker.email.toLowerCase() ? YOU_ELSEWHERE : name || undefined;
}

export interface WorkerContentsOptions {
  assets: BuiltAssets;
  /** The change sets' document stores: each write in its change set's turn, committed by the main thread. */
  saves: WorkerSaves;
  log: (message: string) => void;
  /** TEST ONLY: a merge of this file hangs (ContentWorkerData.hangInMerge). */
  hangInMerge?: string;
}

interface Held extends ContentRendering {
  endpoints: Map<string, EditorHandler>;
}

export function workerContents({ assets, saves, log, hangInMerge }: WorkerContentsOptions) {
  const held = new Map<string, Held>();
  const contentOf = (dir: string): Held => {
    let content = held.get(dir);
    if (!content) {
      content = { ...contentRendering(dir), endpoints: new Map() };
      held.set(dir, content);
    }
    return content;
  };

  function endpointsOf({ id, dir, base }: WorkspaceRef, person: Person): EditorHandler {
    const content = contentOf(dir);
    let handler = content.endpoints.get(person.email);
    if (!handler) {
      handler = createEditorEndpoints({
        base,
        contentDir: dir,
        content: content.content,
        // Its previews name their images under the change set's editor, which makes them (preview-images.ts).
        renderer: async () => draftImagesWithin(await assets.renderer(), base),
        htmlDocument: (page, { interactive, prefix }) =>
          pageHtml(assets, page, { siteData: siteDataUrl(base, prefix), previewFrame: interactive }),
        // The media library's thumbnails, made from the change set's own media like its previews' images.
        imageBase: base,
        lastSavedBy: (file) => lastAuthorOf(dir, file, person),
        // The host serves the editor's page itself (it carries the session's token): never asked for here.
        editorPage: async () => '',
        // The host has checked the session, the role and the CSRF token before a request reaches the endpoints.
        guard: () => undefined,
        documents: saves.storeOf(dir, person, {
          // A template page's sections are named by its template's blocks in the commit's words (the plan has just
          // read the content: as last read is as it is in the turn).
          sections: (document) => templateSectionsOf(document, content.lastRead().good?.result),
          // Validated again at once (the file times may not show a write in the same instant).
          reread: () => content.reload(),
        }),
        log: (message) => log(`change set ${id}: ${message}`),
      });
      content.endpoints.set(person.email, handler);
    }
    return handler;
  }

  async function endpoint(workspace: WorkspaceRef, person: Person, request: RelayedRequest): Promise<RelayedAnswer> {
    const answer = new CapturedAnswer();
    const handled = await endpointsOf(workspace, person)(incomingOf(request), answer.asResponse());
    if (handled) await answer.done;
    return answer.answer(handled);
  }

  return {
    run(task: ContentTask): Promise<unknown> | unknown {
      switch (task.op) {
        case 'endpoint':
          return endpoint(task.workspace, task.person, task.request);
        case 'page': {
          // Rendered from the last valid content while the content has errors: said so, so it is not kept as this content's.
          const held = contentOf(task.dir);
          const exact = isCurrent(held.content());
          return sitePageHtml(assets, held.rendering, task.path, task.siteDataBase).then((value) => ({ value, exact }));
        }
        case 'siteData':
          return siteDataModuleFor(contentOf(task.dir).rendering, task.file);
        case 'changedDocuments': {
          // Named from the last valid content while the content has errors: said so, so it is not kept as this content's.
          const state = contentOf(task.dir).content();
          return { value: changedDocuments(task.files, state.good?.result), exact: isCurrent(state) };
        }
        case 'versionInputs':
          return versionInputs(contentOf(task.dir).content(), task.files);
        case 'siteErrors':
          return createContentState(task.dir).state.errors.map(formatProblem);
        case 'resolveJson':
          // TEST ONLY: stuck for ever, as a merge in an endless loop would be (the main thread's timeout ends it).
          if (task.file === hangInMerge) for (;;);
          return resolveJsonDocument(task.file, task.versions, task.ours, task.options);
      }
    },
    forget: (dir: string) => held.delete(dir),
    /** How many contents it holds now. */
    holding: () => held.size,
  };
}
