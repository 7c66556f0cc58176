/** Stage 2: the site configuration (`_site.json`), checked against its schema; the site has none without it. */
import { fileProblem, type Problem } from '../../model/problems';
import { siteSchema, type SiteConfig } from '../../model/site-schema';
import { checkDocument } from '../documents/check-document';
import { SITE_FILE } from '../i18n/paths';
import type { DocumentValidators } from './document-validators';
import type { ReadDocuments } from './read-documents';

export function loadSiteConfig(read: ReadDocuments, validators: DocumentValidators, problems: Problem[]): SiteConfig | undefined {
  const { sources, sourceOf, display } = read;
  if (sources.has(SITE_FILE)) return checkDocument(siteSchema, validators.site, sourceOf(SITE_FILE), problems);
  if (!problems.some((p) => p.file === display(SITE_FILE)))
    problems.push(fileProblem(display(SITE_FILE), 'the site configuration is missing', 'restore pages-json/_site.json from git'));
  return undefined;
}
