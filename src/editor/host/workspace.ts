/**
 * One change set as the editor works on it: the content of its worktree, validated once per change (not per
 * request), and the editor's endpoints mounted under the change set's place, one set per person (each person's
 * unsaved drafts are theirs alone). The endpoints write through the change set's queue: each write a commit by the
 * person who made it, written and committed in one turn (change-set-documents.ts).
 */
import { join } from 'node:path';
import type { DevContentState } from '../../dev/dev-content';
import type { Person } from '../hosted-protocol';
import { createEditorEndpoints, type EditorHandler } from '../server/endpoints';
import { changeSetDocuments, type PlanSave } from './change-set-documents';
import type { BuiltAssets } from './built-assets';
import { contentRendering, type Rendering } from './content-rendering';
import { pageHtml, siteDataUrl } from './site-pages';

export interface WorkspaceOptions {
  id: string;
  /** The change set's worktree: its content is `<dir>/pages-json`. */
  dir: string;
  /** Where its editor is: `/changes/<id>/edit`. */
  base: string;
  assets: BuiltAssets;
  /** A write in the change set's queue, committed as `person` (ChangeRepository.planSave). */
  planSave: (person: Person) => PlanSave;
  /** A write made a commit (it takes approvals back). */
  onCommitted: () => void;
  log: (message: string) => void;
}

export interface Workspace {
  contentDir: string;
  /** The content as it is now (validated again when a file changed since it was read). */
  content: () => DevContentState;
  /** The endpoints as `person` uses them. */
  handlerFor: (person: Person) => EditorHandler;
  /** A language's content ready to render (`''`: the default language). */
  rendering: Rendering;
}

export function createWorkspace({ id, dir, base, assets, planSave, onCommitted, log }: WorkspaceOptions): Workspace {
  const contentDir = join(dir, 'pages-json');
  const { content, rendering, reload } = contentRendering(contentDir);
  const handlers = new Map<string, EditorHandler>();
  const handlerFor = (person: Person) => {
    let handler = handlers.get(person.email);
    if (!handler) {
      handler = createEditorEndpoints({
        base,
        contentDir,
        content,
        renderer: assets.renderer,
        htmlDocument: (page, { interactive, prefix }) =>
          pageHtml(assets, page, { siteData: siteDataUrl(base, prefix), previewFrame: interactive }),
        // The host serves the editor's page itself (it carries the session's token): never asked for here.
        editorPage: async () => '',
        // The host has checked the session, the role and the CSRF token before a request reaches the endpoints.
        guard: () => undefined,
        documents: changeSetDocuments({
          planSave: planSave(person),
          result: () => content().good?.result,
          written: (committed) => {
            // Validated again at once (the file times may not show a write in the same instant).
            reload();
            // A save that changed nothing made no commit: it takes no approval back.
            if (committed) onCommitted();
          },
        }),
        log: (message) => log(`change set ${id}: ${message}`),
      });
      handlers.set(person.email, handler);
    }
    return handler;
  };
  return {
    contentDir,
    content,
    handlerFor,
    rendering,
  };
}
