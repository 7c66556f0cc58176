/**
 * Stage 7: what no single document's schema can check, across the whole site: duplicate titles, image alt text, TODO
 * text and stray marks in every file (checkEveryDocument); then, with the site configuration, figures written by hand where a placeholder
 * states them, each block's own check, links and their anchors, placeholders, SEO lengths, records stated by template
 * pages, orphan pages, unused configuration values, languages and the menus' folders.
 */
import { blockProblems } from '../../../blocks/generated/blocks';
import { didYouMean } from '../../../lib/did-you-mean';
import { collectionFile, COLLECTION_NAMES, type Collections } from '../../model/collections';
import { moneyFigures } from '../../model/collections/tokens';
import { locate, problemAt, type Problem } from '../../model/problems';
import { tokenNames } from '../../model/resolve';
import type { SiteConfig } from '../../model/site-schema';
import { checkLinks, checkPlacements, checkSeo, checkTokens, forEachKeyed, type AnchorsByRoute } from '../checks/content-checks';
import { statedFiguresCheck } from '../checks/figure-checks';
import { checkDuplicateMeta, checkEachValue, checkLocales, checkOrphans, checkUnusedSiteValues } from '../checks/site-checks';
import type { LoadedPage } from '../content-types';
import { SITE_FILE } from '../i18n/paths';
import type { CompiledTemplate } from '../templates/compile-template';
import type { ReadDocuments } from './read-documents';

export interface SiteContent {
  site: SiteConfig | undefined;
  collections: Collections;
  templates: ReadonlyMap<string, CompiledTemplate>;
  pages: LoadedPage[];
  anchorsByRoute: AnchorsByRoute;
}

/** What every document is checked for on its own, and titles and descriptions against each other's. */
export function checkEveryDocument(read: ReadDocuments, pages: LoadedPage[], problems: Problem[]) {
  checkDuplicateMeta(pages, read.display, problems);
  // On the files as written, so a template page is pointed at by its own slots.
  for (const source of read.sources.values()) {
    checkEachValue(source, problems);
  }
}

/** What only the whole site, with its configuration, can tell. */
export function checkAcrossDocuments(read: ReadDocuments, content: SiteContent, problems: Problem[]) {
  const { sources, sourceOf, display, at } = read;
  const { site, collections, templates, pages, anchorsByRoute } = content;
  if (!site) return;

  const known = tokenNames(collections);
  // Figures written by hand where a placeholder states them (the configuration defines the phone number itself).
  const figures = new Map(moneyFigures(collections));
  const checkSiteFile = statedFiguresCheck(figures, collections);
  const checkDocument = statedFiguresCheck(new Map([...figures, [site.contact.phoneDisplay, 'phone']]), collections);
  for (const [file, source] of sources)
    (file === SITE_FILE ? checkSiteFile : checkDocument)(source.doc, (path) => locate(source, path), problems);

  for (const page of pages) {
    page.doc.blocks.forEach((block, index) => {
      for (const { path, message, hint } of blockProblems(block, { collections }))
        problems.push({ ...page.locate(['blocks', index, ...path]), message, hint, severity: 'error' });
    });
    checkLinks(page.doc, page.locate, page.route, anchorsByRoute, site, problems);
    checkPlacements(page.doc, page.locate, problems);
    checkTokens(page.doc, page.locate, known, problems);
    checkSeo(page.doc.meta, page.locate, problems);
  }
  for (const name of COLLECTION_NAMES) {
    const file = collectionFile(name);
    if (sources.has(file)) checkLinks(sourceOf(file).doc, at(file), null, anchorsByRoute, site, problems);
  }
  // Records stated by template pages, where they are written.
  for (const page of pages) {
    const field = page.template && templates.get(page.template)?.template.record?.field;
    if (!field) continue;
    const record = (sourceOf(page.file).doc as Record<string, unknown>)[field];
    checkLinks(record, (path) => locate(sourceOf(page.file), [field, ...path]), null, anchorsByRoute, site, problems);
  }
  for (const compiled of templates.values()) {
    const recordFields = compiled.recordSchema ? Object.keys(compiled.recordSchema.shape) : [];
    checkTokens(
      compiled.template,
      (path) => locate({ file: compiled.display, doc: compiled.template }, path),
      known,
      problems,
      recordFields,
    );
  }
  checkLinks(site, at(SITE_FILE), null, anchorsByRoute, site, problems);
  checkTokens(site, at(SITE_FILE), known, problems);
  const documents = [...sources].filter(([file]) => file !== SITE_FILE).map(([, source]) => source.doc);
  checkOrphans(pages, site, documents, display, problems);
  checkUnusedSiteValues(site, documents, display(SITE_FILE), problems);
  checkLocales(site, sourceOf(SITE_FILE), problems);
  const sections = new Set(pages.map((p) => p.section));
  forEachKeyed(site, /^section$/, (section, path) => {
    if (!sections.has(section))
      problems.push(
        problemAt(sourceOf(SITE_FILE), path, `no pages in pages-json/${section}/ to fill this menu`, {
          hint: `${didYouMean(section, sections)}a menu lists the pages of a folder of pages-json/`,
        }),
      );
  });
}
