/**
 * Maps page-document files to routes. Pure string functions, shared by the
 * build (Node) and the browser bundle, so they must not import zod or fs.
 *
 *   index.json                  -> /
 *   terms.json                  -> /terms
 *   use-cases/index.json        -> /use-cases
 *   use-cases/collections.json  -> /use-cases/collections
 *   404.json                    -> the not-found page (no route of its own)
 *   _site.json, _anything.json  -> not a page
 */
export const NOT_FOUND_FILE = '404.json';

/** True for files that are page documents (not `_`-prefixed config files). */
export function isPageFile(file: string): boolean {
  return file.endsWith('.json') && !file.split('/').some((part) => part.startsWith('_'));
}

/** The route a page document is served at; `null` for the not-found page. */
export function fileToRoute(file: string): string | null {
  if (file === NOT_FOUND_FILE) return null;
  const withoutExt = file.replace(/\.json$/, '');
  const parts = withoutExt.split('/');
  if (parts[parts.length - 1] === 'index') parts.pop();
  return '/' + parts.join('/');
}

/** The folder a route belongs to, used to derive menus: `/use-cases/x` -> `use-cases`. */
export function routeSection(file: string): string {
  const parts = file.split('/');
  return parts.length > 1 ? parts[0] : '';
}

/** Where a route's prerendered HTML is written inside `dist/`. */
export function routeToHtmlPath(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
}
