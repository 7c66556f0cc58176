/** Loads pages-json/, prints every problem, and tells whether the build may go on. Shared by validate and build. */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { GENERATED_BLOCKS_FILE, incompleteBlocks, unregisteredBlocks } from '../src/engine/codegen/block-registries';
import { buildEnv, CONTENT_DIR, ROOT_DIR } from '../src/engine/content-env';
import { formatProblem } from '../src/engine/problems';
import { buildSiteData } from '../src/engine/site-data';
import { buildErrorsIn, errorsIn, loadContent } from '../src/engine/validate';

/** `for: 'build'` also refuses placeholder text a scaffolded page still has. */
export function checkContent({ for: purpose }: { for: 'validate' | 'build' }) {
  // A block folder added since the registries were generated: a page using it would read as an unknown type.
  const unregistered = unregisteredBlocks(readFileSync(join(ROOT_DIR, GENERATED_BLOCKS_FILE), 'utf8'));
  const blockProblems = [...incompleteBlocks(), ...unregistered.map((type) => `src/blocks/${type}/ is not in the block registry yet`)];
  if (blockProblems.length) {
    blockProblems.forEach((line) => console.error(line));
    console.error('\nRun npm run generate (it lists every block folder), then try again.');
    return undefined;
  }
  const result = loadContent(CONTENT_DIR, dirname(CONTENT_DIR));
  const errors = purpose === 'build' ? buildErrorsIn(result.problems) : errorsIn(result.problems);
  for (const problem of result.problems)
    console.error(formatProblem(errors.includes(problem) ? { ...problem, severity: 'error' } : problem));
  if (errors.length || !result.site) {
    console.error(`\n${errors.length} error(s) in page documents; ${purpose === 'build' ? 'nothing was built' : 'the build would stop'}.`);
    return undefined;
  }
  return { ...result, site: result.site, siteData: buildSiteData(result.site, result.pages, buildEnv()) };
}
