/**
 * `npm run dev`: serves every page as the build renders it (the same renderPage, run by Vite's SSR
 * module runner), with Vite's client and the islands' code served live. Content is validated once
 * per save; each save in pages-json/ updates the open pages in place (src/dev/live-preview.ts),
 * and a content mistake is shown over the last good page, worded as `npm run validate` prints it.
 * `/__blocks` shows every block (src/dev/block-gallery.tsx).
 */
import { isRunnableDevEnvironment, type Plugin, type ViteDevServer } from 'vite';
import { CONTENT_DIR } from '../engine/load/content-env';
import { escapeHtml } from '../render/html';
import { formatProblem, type Problem } from '../engine/model/problems';
import { fileToRoute } from '../engine/model/routes';
import { siteDataModule } from '../engine/model/site-data';
import type { LiveContent } from '../engine/load/content-state';
import { keepBlockRegistries } from './keep-block-registries';
import type * as Gallery from './block-gallery';
import {
  CONTENT_EVENT,
  CONTENT_STATE_PATH,
  CONTENT_VERSION_SCRIPT_ID,
  GALLERY_ROUTE,
  PROBLEMS_SCRIPT_ID,
  SITE_DATA_PATH,
  siteDataAddress,
  type ContentMessage,
} from './live-preview-protocol';
import type * as EntryServer from '../render/entry-server';
import { cssLinks } from './css-links';
import { IMAGE_FILES_PATH, imageFiles } from './image-files';

const ENTRY = '/src/render/entry-server.tsx';
const GALLERY = '/src/dev/block-gallery.tsx';
/** How long after a reload the files are checked once more for a write the watcher folded into the last event. */
const SETTLE_MS = 150;
const CLIENT_SCRIPTS = ['/@vite/client', '/src/main.ts', '/src/dev/live-preview.ts']
  .map((src) => `<script type="module" src="${src}"></script>`)
  .join('\n    ');

function wantsPage(url: string, accept: string | undefined): boolean {
  const path = url.split('?')[0];
  return Boolean(accept?.includes('text/html')) && !path.startsWith('/@') && !/\.[a-z0-9]+$/i.test(path);
}

const problemsScript = (problems: Problem[]) =>
  problems.length
    ? `<script type="application/json" id="${PROBLEMS_SCRIPT_ID}">${JSON.stringify(problems).replace(/</g, '\\u003c')}</script>`
    : '';
const versionScript = (version: number) => `<script type="application/json" id="${CONTENT_VERSION_SCRIPT_ID}">${version}</script>`;

/** No version of the content renders (the server started on a mistake, or a block throws): the problems, readable without script. */
function errorPage(problems: Problem[], version: number): string {
  return `<!doctype html>
<html lang="en" data-content-error-page>
  <head><meta charset="UTF-8" /><title>Content problem</title></head>
  <body>
    <main style="font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem">
      <h1>This page cannot be shown yet</h1>
      <pre style="white-space: pre-wrap">${escapeHtml(problems.map(formatProblem).join('\n\n'))}</pre>
    </main>
    ${problemsScript(problems)}
    ${versionScript(version)}
    <script type="module" src="/@vite/client"></script>
    <script type="module" src="/src/dev/live-preview.ts"></script>
  </body>
</html>
`;
}

/** `devContent`: the content as the dev server validates it, shared with the visual editor (vite.config.ts). */
export function devServerPlugin(devContent: () => LiveContent): Plugin {
  let content: LiveContent;
  let server: ViteDevServer;
  let settleCheck: ReturnType<typeof setTimeout> | undefined;
  /** The content could not be read at the last try (said once, until it can be again). */
  let unreadable = false;

  const ssrRunner = () => {
    const ssr = server.environments.ssr;
    if (!isRunnableDevEnvironment(ssr)) throw new Error('the ssr environment cannot run modules in this process');
    return ssr.runner;
  };

  async function renderDevPage(url: string): Promise<{ status: number; html: string }> {
    const { errors, good, version } = content.state;
    if (!good) return { status: 500, html: errorPage(errors, version) };
    const runner = ssrRunner();
    const entry = (await runner.import(ENTRY)) as typeof EntryServer;
    await entry.loadIslandComponents();
    const fullPath = new URL(url, 'http://localhost').pathname.replace(/(.)\/$/, '$1');
    // `/es/terms` is /terms in the language whose prefix is `es`.
    const [, prefix = '', ...rest] = fullPath.split('/');
    const inLanguage = good.inLanguage(prefix);
    const language = inLanguage ?? good;
    const path = inLanguage ? `/${rest.join('/')}` : fullPath;
    const { pages, collections } = language.result;
    // Every route of the site (the default language's), as the build gives each language: links to a page a language
    // has not yet lead to the default language's.
    const routes = new Set(good.result.pages.flatMap((p) => (p.route === null ? [] : [p.route])));
    const context = { site: language.siteData, collections, routes, media: language.result.media };
    let rendered: Omit<EntryServer.RenderedPage, 'inlineScripts' | 'islands'>;
    let status = 200;
    /** What the page itself still lacks (the TODO text of a scaffolded page), shown with any content error. */
    let todos: Problem[] = [];
    if (path === GALLERY_ROUTE) {
      rendered = ((await runner.import(GALLERY)) as typeof Gallery).renderBlockGallery(context);
    } else {
      const page = pages.find((p) => p.route === path) ?? pages.find((p) => fileToRoute(p.file) === null)!;
      status = page.route === null ? 404 : 200;
      todos = content.state.problems.filter((problem) => problem.stopsBuild && problem.file.endsWith(`pages-json/${page.file}`));
      try {
        rendered = entry.renderPage(page, context);
      } catch (error) {
        const where = error instanceof entry.BlockRenderError ? error.where : '';
        const file = error instanceof entry.BlockRenderError ? error.file : `pages-json/${page.file}`;
        const message = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
        return {
          status: 500,
          html: errorPage([{ file, where, pointer: '', message: `failed to render: ${message}`, severity: 'error' }], version),
        };
      }
    }
    // A page shows its own language's problems: the English ones, and on /es/ pages the Spanish translation's too.
    const pageErrors = errors.filter((problem) => !problem.locale || problem.locale === language.siteData.locale.code);
    const scripts = `${problemsScript([...pageErrors, ...todos])}\n    ${versionScript(version)}\n    ${CLIENT_SCRIPTS}`;
    const html = entry.htmlDocument(
      { ...rendered, inlineScripts: [], islands: [] },
      { stylesheets: cssLinks(server), fontPreloads: [], scripts, siteData: siteDataAddress(inLanguage ? prefix : '') },
    );
    return { status, html: await server.transformIndexHtml(url, html) };
  }

  const contentMessage = (): ContentMessage => {
    const { version, errors, good } = content.state;
    return { version, errors, hasGoodPage: Boolean(good) };
  };

  /**
   * After a save in pages-json/: validate once, tell the open pages (they load the page and its site data again).
   * Synchronous on purpose: Vite waits for hotUpdate hooks, and nothing here may hold up the next save.
   */
  function onContentSaved() {
    clearTimeout(settleCheck);
    try {
      content.reload();
      unreadable = false;
    } catch (error) {
      // The folder changed while it was read (a folder removed while it was listed): read it again once it settles,
      // rather than stop `npm run dev` (this also runs from a timer, where nothing would catch it). Said once.
      if (!unreadable)
        server.config.logger.warn(`pages-json/ changed while it was read (${(error as Error).message}): reading it again`, {
          timestamp: true,
        });
      unreadable = true;
      checkOnceSettled(true);
      return;
    }
    server.environments.client.hot.send(CONTENT_EVENT, contentMessage());
    const { errors } = content.state;
    for (const problem of errors) server.config.logger.warn(formatProblem(problem), { timestamp: true });
    checkOnceSettled(false);
  }

  /** Reads the content again in a moment if it changed after it was read (or `again`: it could not be read). */
  function checkOnceSettled(again: boolean) {
    settleCheck = setTimeout(() => {
      let changed = again;
      try {
        changed ||= content.changedSinceRead();
      } catch {
        changed = true; // it could not even be listed: it is changing
      }
      if (changed) onContentSaved();
    }, SETTLE_MS);
    settleCheck.unref();
  }

  return {
    name: 'reachwell-dev-server',
    apply: 'serve',
    hotUpdate({ file }) {
      if (!file.startsWith(`${CONTENT_DIR}/`) || !file.endsWith('.json')) return;
      // The server renderer and the site data modules are given the content as it is on each request; open pages
      // are updated in place by onContentSaved.
      if (this.environment.name !== 'client') return [];
      onContentSaved();
      return [];
    },
    configureServer(devServer) {
      server = devServer;
      content = devContent();
      server.watcher.add(CONTENT_DIR); // also when CONTENT_DIR points outside the project (the tests' copies)
      keepBlockRegistries(server);
      // Load the renderer while the marketer opens the browser, so the first page does not wait for it.
      server.httpServer?.once('listening', () => {
        void (ssrRunner().import(ENTRY) as Promise<typeof EntryServer>)
          .then((entry) => entry.loadIslandComponents())
          .catch(() => undefined);
      });
      server.middlewares.use(CONTENT_STATE_PATH, (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
        res.end(JSON.stringify(contentMessage()));
      });
      server.middlewares.use(
        IMAGE_FILES_PATH,
        imageFiles(() => content.state.good?.result.media),
      );
      server.middlewares.use(SITE_DATA_PATH, (req, res, next) => {
        const prefix = /^\/([^/?]+)\.js(\?|$)/.exec(req.url ?? '')?.[1];
        const good = content.state.good;
        const language = prefix === 'default' ? good : prefix ? good?.inLanguage(prefix) : undefined;
        if (!language) return next();
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end(siteDataModule(language.siteData));
      });
      server.middlewares.use((req, res, next) => {
        if (req.method !== 'GET' || !req.url || !wantsPage(req.url, req.headers.accept)) return next();
        renderDevPage(req.url).then(
          ({ status, html }) => {
            res.statusCode = status;
            res.setHeader('Content-Type', 'text/html; charset=utf-8');
            res.end(html);
          },
          (error: unknown) => {
            res.statusCode = 500;
            res.setHeader('Content-Type', 'text/html; charset=utf-8');
            const message = error instanceof Error ? error.message : String(error);
            res.end(errorPage([{ file: 'the dev server', where: '', pointer: '', message, severity: 'error' }], content.state.version));
          },
        );
      });
    },
  };
}
