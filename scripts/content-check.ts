/** Loads pages-json/, prints every problem, and tells whether the build may go on. Shared by validate and build. */
import { dirname } from 'node:path';
import { buildEnv, CONTENT_DIR, SCHEMAS_DIR } from '../src/engine/content-env';
import { formatProblem } from '../src/engine/problems';
import { buildSiteData } from '../src/engine/site-data';
import { buildErrorsIn, errorsIn, loadContent } from '../src/engine/validate';

/** `for: 'build'` also refuses placeholder text a scaffolded page still has. */
export function checkContent({ for: purpose }: { for: 'validate' | 'build' }) {
  const result = loadContent(CONTENT_DIR, SCHEMAS_DIR, dirname(CONTENT_DIR));
  const errors = purpose === 'build' ? buildErrorsIn(result.problems) : errorsIn(result.problems);
  for (const problem of result.problems)
    console.error(formatProblem(errors.includes(problem) ? { ...problem, severity: 'error' } : problem));
  if (errors.length || !result.site) {
    console.error(`\n${errors.length} error(s) in page documents; ${purpose === 'build' ? 'nothing was built' : 'the build would stop'}.`);
    return undefined;
  }
  return { ...result, site: result.site, siteData: buildSiteData(result.site, result.pages, buildEnv()) };
}
