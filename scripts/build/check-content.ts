/** Loads pages-json/, prints every problem, and tells whether the build may go on. Shared by validate and build. */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { GENERATED_BLOCKS_FILE, incompleteBlocks, unregisteredBlocks } from '../../src/engine/tooling/codegen/block-registries';
import { buildEnv, CONTENT_DIR, ROOT_DIR } from '../../src/engine/load/content-env';
import { formatProblem } from '../../src/engine/model/problems';
import { buildSiteData } from '../../src/engine/load/site-data-of';
import { languagePagesOf, loadSite } from '../../src/engine/load/i18n/load-site';
import { buildErrorsIn, errorsIn } from '../../src/engine/load/load-content';

/**
 * `for: 'build'` also refuses placeholder text a scaffolded page still has. `pseudo` adds the pseudo-locales
 * (src/engine/load/i18n/pseudo.ts) after the site's own, marked `pseudo`.
 */
export function checkContent({ for: purpose, pseudo = false }: { for: 'validate' | 'build'; pseudo?: boolean }) {
  // A block folder added since the registries were generated: a page using it would read as an unknown type.
  const unregistered = unregisteredBlocks(readFileSync(join(ROOT_DIR, GENERATED_BLOCKS_FILE), 'utf8'));
  const blockProblems = [...incompleteBlocks(), ...unregistered.map((type) => `src/blocks/${type}/ is not in the block registry yet`)];
  if (blockProblems.length) {
    blockProblems.forEach((line) => console.error(line));
    console.error('\nRun npm run generate (it lists every block folder), then try again.');
    return undefined;
  }
  const site = loadSite(CONTENT_DIR, dirname(CONTENT_DIR));
  const [english] = site.locales;
  const errors = purpose === 'build' ? buildErrorsIn(site.problems) : errorsIn(site.problems);
  for (const problem of site.problems) console.error(formatProblem(errors.includes(problem) ? { ...problem, severity: 'error' } : problem));
  if (errors.length || !english.content.site) {
    console.error(`\n${errors.length} error(s) in page documents; ${purpose === 'build' ? 'nothing was built' : 'the build would stop'}.`);
    return undefined;
  }
  const made = [
    ...site.locales.map((locale) => ({ ...locale, pseudo: false })),
    ...(pseudo ? site.pseudoLocales().map((locale) => ({ ...locale, pseudo: true })) : []),
  ];
  const languagePages = languagePagesOf(made);
  const locales = made.map(({ locale, content, translation, pseudo: isPseudo }) => ({
    locale,
    pseudo: isPseudo,
    translation,
    // A page not translated into the language yet is published in the default language only.
    pages: content.pages.filter((page) => translation.pages.get(page.file)?.published !== false),
    collections: content.collections,
    media: content.media,
    siteData: buildSiteData(content.site!, content.pages, buildEnv(), locale, languagePages),
  }));
  return { ...english.content, problems: site.problems, site: english.content.site, siteData: locales[0].siteData, locales };
}

/** The content a build renders: every language's pages, collections and site data. */
export type CheckedContent = NonNullable<ReturnType<typeof checkContent>>;
export type BuildLocale = CheckedContent['locales'][number];
