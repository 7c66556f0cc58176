/**
 * Vite plugin for the tests (vitest.config.ts): `virtual:site-data` is the default language's site data (the
 * resolved configuration and the menus), what the pages' islands get, so a test names links and labels as the
 * content writes them. pages-json/ is validated once; a content error stops with the wording of `npm run validate`.
 * (The site's islands load their language's site data as a module of its own: src/site/page-site-data.ts.)
 */
import type { Plugin } from 'vite';
import { buildEnv, CONTENT_DIR } from '../src/engine/load/content-env';
import { formatProblem } from '../src/engine/model/problems';
import { type SiteData } from '../src/engine/model/site-data';
import { buildSiteData } from '../src/engine/load/site-data-of';
import { errorsIn, loadContent } from '../src/engine/load/load-content';

const PUBLIC_ID = 'virtual:site-data';
const RESOLVED_ID = '\0' + PUBLIC_ID;

function loadSiteData(): SiteData {
  const { problems, site, pages } = loadContent(CONTENT_DIR);
  const errors = errorsIn(problems);
  if (errors.length || !site) throw new Error(`Content is invalid:\n${errors.map(formatProblem).join('\n')}`);
  return buildSiteData(site, pages, buildEnv());
}

export function contentPlugin(): Plugin {
  let data: SiteData | undefined;
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
