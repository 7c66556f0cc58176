/**
 * Vite plugin: serves the site data the browser needs (`virtual:site-data`: the resolved configuration and the
 * menus) to the browser bundle. The build hands it the data of the content it has already validated; without
 * it (the tests), the plugin validates pages-json/ itself, once, and a content error stops with the wording of
 * `npm run validate`. (The dev server serves this module itself, from the content it revalidates on each save.)
 */
import type { Plugin } from 'vite';
import { buildEnv, CONTENT_DIR } from './content-env';
import { formatProblem } from './problems';
import { buildSiteData, type SiteData } from './site-data';
import { errorsIn, loadContent } from './validate';

const PUBLIC_ID = 'virtual:site-data';
const RESOLVED_ID = '\0' + PUBLIC_ID;

function loadSiteData(): SiteData {
  const { problems, site, pages } = loadContent(CONTENT_DIR);
  const errors = errorsIn(problems);
  if (errors.length || !site) throw new Error(`Content is invalid:\n${errors.map(formatProblem).join('\n')}`);
  return buildSiteData(site, pages, buildEnv());
}

export function contentPlugin(siteData?: SiteData): Plugin {
  let data = siteData;
  return {
    name: 'reachwell-content',
    resolveId(id) {
      return id === PUBLIC_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      data ??= loadSiteData();
      return `export default ${JSON.stringify(data)};`;
    },
  };
}
