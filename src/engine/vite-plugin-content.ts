/**
 * Vite plugin: validates pages-json/ and serves the derived site data as `virtual:site-data` to the
 * build and the tests. A content error stops the build with the wording of `npm run validate`.
 * (The dev server serves this module itself, from the content it revalidates on each save.)
 */
import type { Plugin } from 'vite';
import { buildEnv, CONTENT_DIR, SCHEMAS_DIR } from './content-env';
import { formatProblem } from './problems';
import { buildSiteData } from './site-data';
import { errorsIn, loadContent } from './validate';

const PUBLIC_ID = 'virtual:site-data';
const RESOLVED_ID = '\0' + PUBLIC_ID;

export function contentPlugin(): Plugin {
  return {
    name: 'reachwell-content',
    resolveId(id) {
      return id === PUBLIC_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const { problems, site, pages } = loadContent(CONTENT_DIR, SCHEMAS_DIR);
      const errors = errorsIn(problems);
      if (errors.length || !site) throw new Error(`Content is invalid:\n${errors.map(formatProblem).join('\n')}`);
      return `export default ${JSON.stringify(buildSiteData(site, pages, buildEnv()))};`;
    },
  };
}
