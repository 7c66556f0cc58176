/**
 * Vite plugin: validates pages-json/ and serves the derived site data to the
 * browser as `virtual:site-data`. A content error stops the build and shows
 * the dev overlay, with the same wording as `npm run validate`.
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
      this.addWatchFile(CONTENT_DIR);
      return `export default ${JSON.stringify(buildSiteData(site, pages, buildEnv()))};`;
    },
    handleHotUpdate({ file, server }) {
      if (!file.startsWith(CONTENT_DIR)) return;
      const mod = server.moduleGraph.getModuleById(RESOLVED_ID);
      if (mod) server.moduleGraph.invalidateModule(mod);
      server.ws.send({ type: 'full-reload' });
      return [];
    },
  };
}
