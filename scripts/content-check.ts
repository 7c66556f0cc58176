/** Loads pages-json/, prints every problem, and tells whether the build may go on. Shared by validate and build. */
import { dirname } from 'node:path';
import { buildEnv, CONTENT_DIR, SCHEMAS_DIR } from '../src/engine/content-env';
import { formatProblem } from '../src/engine/problems';
import { buildSiteData } from '../src/engine/site-data';
import { errorsIn, loadContent } from '../src/engine/validate';

export function checkContent() {
  const result = loadContent(CONTENT_DIR, SCHEMAS_DIR, dirname(CONTENT_DIR));
  for (const problem of result.problems) console.error(formatProblem(problem));
  const errors = errorsIn(result.problems);
  if (errors.length || !result.site) {
    console.error(`\n${errors.length} error(s) in page documents; nothing was built.`);
    return undefined;
  }
  return { ...result, site: result.site, siteData: buildSiteData(result.site, result.pages, buildEnv()) };
}
