/**
 * `npm run dev`: serves every page as the build renders it (the same renderPage, run by Vite's SSR
 * module runner), with Vite's client and the islands' code served live. A content mistake shows
 * an error page worded as `npm run validate` prints it.
 */
import { isRunnableDevEnvironment, type Plugin, type ViteDevServer } from 'vite';
import { CONTENT_DIR, SCHEMAS_DIR } from '../engine/content-env';
import { formatProblem } from '../engine/problems';
import { errorsIn, loadContent } from '../engine/validate';
import { fileToRoute } from '../engine/routes';
import type * as EntryServer from './entry-server';

const ENTRY = '/src/render/entry-server.tsx';
const DEV_SCRIPTS = '<script type="module" src="/@vite/client"></script>\n    <script type="module" src="/src/main.ts"></script>';

/** The stylesheets the rendered modules use: in development each CSS file is served on its own. */
function cssLinks(server: ViteDevServer): string[] {
  const urls = [...server.environments.ssr.moduleGraph.idToModuleMap.values()]
    .filter((mod) => mod.id && /\.css($|\?)/.test(mod.id) && !mod.id.includes('?inline'))
    .map((mod) => `${mod.url}${mod.url.includes('?') ? '&' : '?'}direct`);
  return [...new Set(urls)];
}

function wantsPage(url: string, accept: string | undefined): boolean {
  const path = url.split('?')[0];
  return Boolean(accept?.includes('text/html')) && !path.startsWith('/@') && !/\.[a-z0-9]+$/i.test(path);
}

async function renderDevPage(server: ViteDevServer, url: string): Promise<{ status: number; html: string }> {
  const { problems, pages, collections } = loadContent(CONTENT_DIR, SCHEMAS_DIR);
  const errors = errorsIn(problems);
  if (errors.length) return { status: 500, html: errorPage(errors.map(formatProblem).join('\n\n')) };
  const ssr = server.environments.ssr;
  if (!isRunnableDevEnvironment(ssr)) throw new Error('the ssr environment cannot run modules in this process');
  const entry = (await ssr.runner.import(ENTRY)) as typeof EntryServer;
  await entry.loadIslandComponents();
  const path = new URL(url, 'http://localhost').pathname.replace(/(.)\/$/, '$1');
  const page = pages.find((p) => p.route === path) ?? pages.find((p) => fileToRoute(p.file) === null)!;
  const routes = new Set(pages.flatMap((p) => (p.route === null ? [] : [p.route])));
  const rendered = entry.renderPage(page, { collections, routes });
  const html = entry.htmlDocument(rendered, { stylesheets: cssLinks(server), fontPreloads: [], scripts: DEV_SCRIPTS });
  return { status: page.route === null ? 404 : 200, html: await server.transformIndexHtml(url, html) };
}

function errorPage(message: string): string {
  const escaped = message.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
  return `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Content error</title><script type="module" src="/@vite/client"></script></head><body><main><h1>Content error</h1><pre>${escaped}</pre></main></body></html>`;
}

export function devServerPlugin(): Plugin {
  return {
    name: 'reachwell-dev-server',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.method !== 'GET' || !req.url || !wantsPage(req.url, req.headers.accept)) return next();
        renderDevPage(server, req.url).then(
          ({ status, html }) => {
            res.statusCode = status;
            res.setHeader('Content-Type', 'text/html; charset=utf-8');
            res.end(html);
          },
          (error: unknown) => {
            res.statusCode = 500;
            res.setHeader('Content-Type', 'text/html; charset=utf-8');
            res.end(errorPage(error instanceof Error ? error.message : String(error)));
          },
        );
      });
    },
  };
}
