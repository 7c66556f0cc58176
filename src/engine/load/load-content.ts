/**
 * Loading the content: every document in `pages-json/` read, checked and made into the site that renders, in stages
 * (stages/), each a module with one job:
 *   1. read-documents: the files, parsed as written;
 *   2. site-config: the site configuration;
 *   3. collections: the collections' records, and media: the media library's records (pages-json/_media/);
 *   4. templates: the templates, compiled;
 *   5. expand-pages: the pages, on their templates expanded (their records join the collections);
 *   6. routes-and-anchors: the addresses the pages take, and the anchors of each;
 *   7. cross-document-checks: what only the whole site can tell (links, placeholders, figures, orphans, ...), and
 *      the images pages show against the media library (checks/image-checks.ts).
 * A document is checked against its zod schema (worded messages) and the JSON Schema editors use (ajv). Build time only.
 */
import { join } from 'node:path';
import type { Problem } from '../model/problems';
import { CONTENT_DIR } from './content-env';
import type { ContentResult } from './content-types';
import { checkImages } from './checks/image-checks';
import { imageCheckInputs } from './media/image-check-inputs';
import { loadCollections } from './stages/collections';
import { loadMedia } from './stages/media';
import { checkAcrossDocuments, checkEveryDocument } from './stages/cross-document-checks';
import { documentValidatorsOf } from './stages/document-validators';
import { expandPages } from './stages/expand-pages';
import { readDocuments } from './stages/read-documents';
import { checkRoutes, collectAnchors } from './stages/routes-and-anchors';
import { loadSiteConfig } from './stages/site-config';
import { loadTemplates } from './stages/templates';

export type { ContentResult } from './content-types';

/**
 * Loads and validates all content in `contentDir` (normally `pages-json/`); files are named from `rootDir` in problems.
 * `overlay` (a file inside `contentDir` -> its document, parsed: not its text) is read instead of the file on disk,
 * or added when there is none: the visual editor checks an unsaved draft against the rest of the site this way, and
 * each language its translated documents. Its documents are read, never changed.
 */
export function loadContent(
  contentDir = CONTENT_DIR,
  rootDir = join(contentDir, '..'),
  overlay?: ReadonlyMap<string, unknown>,
): ContentResult {
  const problems: Problem[] = [];
  const validators = documentValidatorsOf();
  const read = readDocuments(contentDir, rootDir, overlay, problems);
  const site = loadSiteConfig(read, validators, problems);
  const records = loadCollections(read, validators, problems);
  const media = loadMedia(contentDir, read, validators, problems);
  const templates = loadTemplates(read, validators, problems);
  const { pageFiles, pages } = expandPages(read, validators, templates, records, problems);
  checkRoutes(pages, site, read.display, problems);
  checkEveryDocument(read, pages, problems);
  const anchorsByRoute = collectAnchors(pageFiles, pages, read.sources, problems);
  const { collections } = records;
  checkAcrossDocuments(read, { site, collections, templates, pages, anchorsByRoute }, problems);
  checkImages(imageCheckInputs(contentDir, rootDir, read, pages, media), problems);
  return { problems: onceEach(problems), site, pages, collections, templates, media };
}

/** A problem in a template's shared content is found on every page of its kind: it is reported once. */
function onceEach(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.file}\0${problem.pointer}\0${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const errorsIn = (problems: Problem[]) => problems.filter((p) => p.severity === 'error');

/** What stops `npm run build`: the errors, and the warnings a published page may not carry (placeholder text). */
export const buildErrorsIn = (problems: Problem[]) => problems.filter((p) => p.severity === 'error' || p.stopsBuild);
