/**
 * One change set as the editor works on it: the content of its worktree, validated once per change (not per
 * request), and the editor's endpoints mounted under the change set's place, one set per person (each person's
 * unsaved drafts are theirs alone). What the endpoints write is committed as the person who wrote it.
 */
import { join } from 'node:path';
import type { DevContentState } from '../../dev/dev-content';
import type { Person } from '../hosted-protocol';
import { createEditorEndpoints, type DocumentWrite, type EditorHandler } from '../server/endpoints';
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
  /** Commits what the endpoints wrote, as `person`. */
  commit: (person: Person, write: DocumentWrite) => Promise<void>;
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

export function createWorkspace({ id, dir, base, assets, commit, log }: WorkspaceOptions): Workspace {
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
        onWrite: async (write) => {
          await commit(person, write);
          reload();
        },
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
