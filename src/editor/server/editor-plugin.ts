/**
 * The visual editor in `npm run dev`: mounts the editor's endpoints (endpoints.ts) in Vite's dev server and
 * wires what they need from it: the content as the dev server validates it, the preview renderer loaded
 * through the SSR module runner, the HTML around a preview (the modules' stylesheets, Vite's client, the
 * site's islands) and the editor's page; it tells open editors when a document changes on disk (over the HMR
 * channel) and has Vite bundle the editor's dependencies up front. Development only (`apply: 'serve'`):
 * nothing of it is in the build.
 */
import { relative, sep } from 'node:path';
import { isRunnableDevEnvironment, type Plugin, type ViteDevServer } from 'vite';
import { CONTENT_DIR } from '../../engine/load/content-env';
import { MEDIA_DIR } from '../../engine/model/media';
import type { ContentState } from '../../engine/load/content-state';
import { siteDataAddress } from '../../dev/live-preview-protocol';
import { FILE_EVENT } from '../protocol';
import { readContentFile } from './content-files';
import { createEditorEndpoints } from './endpoints';
import { fileDocumentStore } from './file-document-store';
import type * as RenderDraft from './render-draft';
import { cssLinks } from '../../dev/css-links';

const RENDER_DRAFT = '/src/editor/server/render-draft.tsx';
const EDITOR_ENTRY = '/src/editor/app/main.tsx';
const PREVIEW_CLIENT = '/src/editor/app/preview/preview-frame.ts';
/**
 * A document's changes within this long of each other are told once, read after the last: a file being written
 * (truncated, then written) is not told of half-written, as JSON that no longer reads (the editor would say so for a
 * moment, under the same title as the merge it then asks for: the likely cause of a CI run's failed merge test).
 */
const WRITE_SETTLE_MS = 50;

const EDITOR_HTML = `<!doctype html>
<html lang="en" data-mantine-color-scheme="light">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>Reachwell editor</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/@vite/client"></script>
    <script type="module" src="${EDITOR_ENTRY}"></script>
  </body>
</html>
`;

const scriptTags = (sources: string[]) => sources.map((src) => `<script type="module" src="${src}"></script>`).join('\n    ');

/** `content`: the content as the dev server validates it (src/engine/load/content-state.ts), given by vite.config.ts. */
export function editorPlugin(content: () => { state: ContentState; reload: () => ContentState }): Plugin {
  let server: ViteDevServer;

  const renderer = async () => {
    const ssr = server.environments.ssr;
    if (!isRunnableDevEnvironment(ssr)) throw new Error('the ssr environment cannot run modules in this process');
    const module = (await ssr.runner.import(RENDER_DRAFT)) as typeof RenderDraft;
    await module.loadIslandComponents();
    return module;
  };

  const handle = createEditorEndpoints({
    content: () => content().state,
    contentDir: CONTENT_DIR,
    // The files themselves, one write at a time: the developer commits. A draft shows the media library's records (and
    // their translations), which it does not carry: an image added, replaced or described is in the content before its
    // answer, or the preview that follows renders without it (the file watcher's reload can come seconds later on a
    // busy machine). The watcher's reload still follows, and tells the open pages.
    documents: fileDocumentStore(CONTENT_DIR, (files) => {
      if (files.some((file) => file.split('/').includes(MEDIA_DIR))) content().reload();
    }),
    renderer,
    htmlDocument: async (page, { url, interactive, prefix }) => {
      const { htmlDocument } = await renderer();
      const html = htmlDocument(
        { ...page, inlineScripts: [], islands: [] },
        // The islands get the site data of the page's language as saved (a translation's preview is in its language).
        {
          stylesheets: cssLinks(server),
          fontPreloads: [],
          scripts: scriptTags(interactive ? ['/@vite/client', '/src/main.ts', PREVIEW_CLIENT] : ['/@vite/client']),
          siteData: siteDataAddress(prefix),
        },
      );
      return server.transformIndexHtml(url.pathname + url.search, html);
    },
    editorPage: (url) => server.transformIndexHtml(url.pathname, EDITOR_HTML),
    log: (message) => server.config.logger.error(message),
  });

  return {
    name: 'reachwell-editor',
    apply: 'serve',
    // Before the dev server's page middleware, which would render /__edit as a (not found) page.
    enforce: 'pre',
    config: () => ({
      // The editor's dependencies, bundled when the server starts rather than discovered (and reloaded for) on first use.
      optimizeDeps: {
        include: [
          'react-router-dom',
          '@tanstack/react-query',
          '@mantine/form',
          '@dnd-kit/core',
          '@dnd-kit/sortable',
          '@dnd-kit/utilities',
          '@mantine/core',
          '@mantine/hooks',
          'react',
          'react-dom/client',
        ],
      },
    }),
    configureServer(devServer) {
      server = devServer;
      // Tell open editors when a document changes on disk (another editor, git), once it is written: they compare its
      // hash with theirs.
      const tell = (file: string) => {
        let hash: string | null = null;
        try {
          hash = readContentFile(CONTENT_DIR, file).hash;
        } catch {
          // removed
        }
        server.environments.client.hot.send(FILE_EVENT, { file, hash });
      };
      const settling = new Map<string, ReturnType<typeof setTimeout>>();
      const onFile = (path: string) => {
        if (!path.startsWith(`${CONTENT_DIR}${sep}`) || !path.endsWith('.json')) return;
        const file = relative(CONTENT_DIR, path).split(sep).join('/');
        clearTimeout(settling.get(file));
        settling.set(
          file,
          setTimeout(() => {
            settling.delete(file);
            tell(file);
          }, WRITE_SETTLE_MS),
        );
      };
      server.watcher.on('change', onFile);
      server.watcher.on('add', onFile);
      server.watcher.on('unlink', onFile);
      server.httpServer?.once('listening', () => {
        void server.warmupRequest(EDITOR_ENTRY).catch(() => undefined);
      });
      server.middlewares.use((req, res, next) => {
        handle(req, res).then(
          (handled) => {
            if (!handled) next();
          },
          (error: unknown) => next(error),
        );
      });
    },
  };
}
