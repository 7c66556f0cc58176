/**
 * The stylesheets the modules rendered in the dev server use: in development each CSS file is served on its own, so
 * a page the dev server or the editor's preview renders links every one its modules imported.
 */
import type { ViteDevServer } from 'vite';

export function cssLinks(server: ViteDevServer): string[] {
  const urls = [...server.environments.ssr.moduleGraph.idToModuleMap.values()]
    .filter((mod) => mod.id && /\.css($|\?)/.test(mod.id) && !mod.id.includes('?inline'))
    .map((mod) => `${mod.url}${mod.url.includes('?') ? '&' : '?'}direct`);
  return [...new Set(urls)];
}
