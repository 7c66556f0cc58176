/**
 * Validates every document in `pages-json/`: JSON syntax; the site configuration, collections,
 * templates and pages against their schemas (zod for worded messages, ajv against the JSON Schema
 * editors use); pages on a template against their template, then expanded; then checks across
 * documents (routes, links, anchors, placeholders, records, SEO lengths). Build time only.
 */
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { checkDocument, schemaFileValidator, schemaValidator } from './check-document';
import {
  collectionFile,
  collectionFileSchema,
  COLLECTION_NAMES,
  COLLECTIONS_DIR,
  type CollectionName,
  type Collections,
} from './collections';
import { checkLinks, checkPlacements, checkSeo, checkTokens, forEachKeyed, type AnchorsByRoute } from './content-checks';
import { checkDuplicateMeta, checkImageAlt, checkOrphans, checkTodoText, checkUnusedSiteValues } from './site-checks';
import { listJsonFiles, parseJson } from './json-files';
import { pageSchema, type PageDoc } from './page-schema';
import { describePath, type Problem } from './problems';
import { tokenValues } from './resolve';
import { fileToRoute, isPageFile, NOT_FOUND_FILE, routeSection } from './routes';
import { siteSchema, type SiteConfig } from './site-schema';
import { compileTemplate, type CompiledTemplate } from './templates/compile-template';
import { checkTemplatePage, templatePageJsonSchemaSource } from './templates/template-page';
import { templateSchema, TEMPLATES_DIR } from './templates/template-schema';
import { toJsonSchema } from './json-schemas';

const SITE_FILE = '_site.json';

export interface LoadedPage {
  /** Path inside pages-json, with forward slashes: `use-cases/collections.json`. */
  file: string;
  /** Route, or null for the not-found page. */
  route: string | null;
  section: string;
  /** The page as it renders: a page on a template is already expanded. */
  doc: PageDoc;
  /** The template the page is written on, if any. */
  template?: string;
}

export interface ContentResult {
  problems: Problem[];
  site?: SiteConfig;
  pages: LoadedPage[];
  collections: Collections;
  templates: Map<string, CompiledTemplate>;
}

const templateName = (file: string) => file.slice(TEMPLATES_DIR.length + 1).replace(/\.json$/, '');

/** Loads and validates all content in `contentDir` (normally `pages-json/`). */
export function loadContent(contentDir: string, schemasDir: string, rootDir = join(contentDir, '..')): ContentResult {
  const problems: Problem[] = [];
  const display = (file: string) => relative(rootDir, join(contentDir, file)).split(sep).join('/');
  const files = listJsonFiles(contentDir);
  const raw = new Map<string, unknown>();
  for (const file of files) {
    const { value, problem } = parseJson(readFileSync(join(contentDir, file), 'utf8'), display(file));
    if (problem) problems.push(problem);
    else raw.set(file, value);
  }

  // The site configuration.
  let site: SiteConfig | undefined;
  if (raw.has(SITE_FILE))
    site = checkDocument(siteSchema, schemaFileValidator(schemasDir, 'site.schema.json'), raw.get(SITE_FILE), display(SITE_FILE), problems);
  else if (!problems.some((p) => p.file === display(SITE_FILE))) {
    problems.push({ file: display(SITE_FILE), where: '', message: 'the site configuration is missing', severity: 'error' });
  }

  // Collections, from their files (pages on a template add their records below).
  const collections = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, []])) as unknown as Collections;
  const collectionSources = new Map<string, string>(); // `${collection}:${id}` -> where it is stated
  for (const name of COLLECTION_NAMES) {
    const file = collectionFile(name);
    if (!raw.has(file)) continue;
    const doc = checkDocument(
      collectionFileSchema(name),
      schemaFileValidator(schemasDir, `collections/${name}.schema.json`),
      raw.get(file),
      display(file),
      problems,
    );
    doc?.items.forEach((item, index) =>
      addRecord(
        name,
        item,
        `${display(file)} ${describePath(['items', index], doc)}`,
        display(file),
        describePath(['items', index, 'id'], doc),
      ),
    );
  }
  for (const file of files) {
    if (file.startsWith(`${COLLECTIONS_DIR}/`) && !(COLLECTION_NAMES as string[]).includes(file.slice(COLLECTIONS_DIR.length + 1, -5))) {
      problems.push({
        file: display(file),
        where: '',
        message: 'not a known collection',
        hint: `collections: ${COLLECTION_NAMES.join(', ')}`,
        severity: 'error',
      });
    }
  }

  function addRecord(name: CollectionName, item: { id: string }, source: string, file: string, where: string) {
    const key = `${name}:${item.id}`;
    const earlier = collectionSources.get(key);
    if (earlier) {
      problems.push({
        file,
        where,
        message: `the ${name} record "${item.id}" is stated twice`,
        hint: `it is also in ${earlier}; keep one`,
        severity: 'error',
      });
      return;
    }
    collectionSources.set(key, source);
    (collections[name] as { id: string }[]).push(item);
  }

  // Templates.
  const templates = new Map<string, CompiledTemplate>();
  for (const file of files.filter((f) => f.startsWith(`${TEMPLATES_DIR}/`) && raw.has(f))) {
    const doc = checkDocument(
      templateSchema,
      schemaFileValidator(schemasDir, 'template.schema.json'),
      raw.get(file),
      display(file),
      problems,
    );
    const compiled = doc && compileTemplate(templateName(file), doc, display(file), problems);
    if (compiled) templates.set(compiled.name, compiled);
  }

  // Pages: plain ones against the page schema, others against their template, then expanded.
  const validatePage = schemaFileValidator(schemasDir, 'page.schema.json');
  const templateValidators = new Map(
    [...templates].map(([name, compiled]) => [name, schemaValidator(toJsonSchema(templatePageJsonSchemaSource(compiled), name, name))]),
  );
  const pageFiles = files.filter(isPageFile);
  const pages: LoadedPage[] = [];
  /** Records stated by template pages join their collection in menu order (the order the spec lists them in). */
  const pageRecords: { order: number; file: string; add: () => void }[] = [];
  for (const file of pageFiles.filter((f) => raw.has(f))) {
    const value = raw.get(file) as { template?: unknown };
    const base = { file, route: fileToRoute(file), section: routeSection(file) };
    if (value && typeof value === 'object' && 'template' in value) {
      const compiled = templates.get(String(value.template));
      if (!compiled) {
        problems.push({
          file: display(file),
          where: 'template',
          message: `unknown template ${JSON.stringify(value.template)}`,
          hint: `templates: ${[...templates.keys()].join(', ') || 'none'} (pages-json/${TEMPLATES_DIR}/)`,
          severity: 'error',
        });
        continue;
      }
      const { folder } = compiled.template;
      if (base.section !== folder)
        problems.push({
          file: display(file),
          where: 'template',
          message: `pages on the ${compiled.name} template live in pages-json/${folder}/`,
          hint: `move the file there, or change "folder" in ${compiled.display}`,
          severity: 'error',
        });
      const checked = checkTemplatePage(value, compiled, file, display(file), problems);
      if (checked && !templateValidators.get(compiled.name)!(value)) {
        problems.push({
          file: display(file),
          where: '',
          message: "does not match its template's JSON Schema",
          hint: JSON.stringify(templateValidators.get(compiled.name)!.errors?.[0]),
          severity: 'error',
        });
        continue;
      }
      if (!checked) continue;
      if (checked.record) {
        const { record } = compiled.template;
        pageRecords.push({
          order: checked.doc.meta.nav?.order ?? Infinity,
          file,
          add: () =>
            addRecord(
              record!.collection as CollectionName,
              checked.record!,
              `${display(file)} ${record!.field}`,
              display(file),
              record!.field,
            ),
        });
      }
      pages.push({ ...base, doc: checked.doc, template: compiled.name });
    } else {
      const doc = checkDocument(pageSchema, validatePage, value, display(file), problems);
      if (doc) pages.push({ ...base, doc });
    }
  }
  pageRecords.sort((a, b) => a.order - b.order || a.file.localeCompare(b.file)).forEach((record) => record.add());
  if (!pageFiles.includes(NOT_FOUND_FILE)) {
    problems.push({
      file: display(NOT_FOUND_FILE),
      where: '',
      message: 'the not-found page is missing',
      hint: 'add a page with a NotFound block',
      severity: 'error',
    });
  }

  // Two files may not claim one route (`foo.json` and `foo/index.json`).
  const owners = new Map<string, string>();
  for (const page of pages) {
    if (page.route === null) continue;
    const other = owners.get(page.route);
    if (other)
      problems.push({
        file: display(page.file),
        where: '',
        message: `route ${page.route} is already served by ${display(other)}`,
        hint: 'rename or remove one of the two files',
        severity: 'error',
      });
    else owners.set(page.route, page.file);
  }

  checkDuplicateMeta(pages, display, problems);
  // On the files as written, so a template page is pointed at by its own slots.
  for (const [file, value] of raw) {
    checkImageAlt(value, display(file), problems);
    checkTodoText(value, display(file), problems);
  }

  const anchorsByRoute = collectAnchors(pageFiles, pages, raw, display, problems);
  if (site) {
    const known = new Set(Object.keys(tokenValues(site, collections)));
    for (const page of pages) {
      checkLinks(page.doc, display(page.file), page.route, anchorsByRoute, site, problems);
      checkPlacements(page.doc, display(page.file), problems);
      checkTokens(page.doc, display(page.file), known, problems);
      checkSeo(page.doc.meta, display(page.file), problems);
    }
    for (const [name, items] of Object.entries(collections)) {
      checkLinks({ items }, display(collectionFile(name as CollectionName)), null, anchorsByRoute, site, problems);
    }
    for (const compiled of templates.values()) {
      const recordFields = compiled.recordSchema ? Object.keys(compiled.recordSchema.shape) : [];
      checkTokens(compiled.template, compiled.display, known, problems, recordFields);
    }
    checkLinks(site, display(SITE_FILE), null, anchorsByRoute, site, problems);
    checkTokens(site, display(SITE_FILE), known, problems);
    const documents = [...raw].filter(([file]) => file !== SITE_FILE).map(([, value]) => value);
    checkOrphans(pages, site, documents, display, problems);
    checkUnusedSiteValues(site, documents, display(SITE_FILE), problems);
    const sections = new Set(pages.map((p) => p.section));
    forEachKeyed(site, /^section$/, (section, path) => {
      if (!sections.has(section)) {
        problems.push({
          file: display(SITE_FILE),
          where: describePath(path, site),
          message: `no pages in pages-json/${section}/ to fill this menu`,
          severity: 'error',
        });
      }
    });
  }

  return { problems, site, pages, collections, templates };
}

/**
 * Block ids must be unique within a page; they are the anchors links can use. A valid page's ids
 * come from its expanded blocks (a template may set them); an invalid page still claims its route
 * and the ids written in its JSON, so one broken page does not cascade into broken links.
 */
function collectAnchors(
  pageFiles: string[],
  pages: LoadedPage[],
  raw: Map<string, unknown>,
  display: (file: string) => string,
  problems: Problem[],
): AnchorsByRoute {
  const anchorsByRoute: AnchorsByRoute = new Map();
  for (const file of pageFiles) {
    const route = fileToRoute(file);
    const loaded = pages.find((page) => page.file === file);
    const doc = (loaded?.doc ?? raw.get(file)) as { blocks?: unknown } | undefined;
    const blocks = doc && Array.isArray(doc.blocks) ? (doc.blocks as { id?: unknown }[]) : undefined;
    const ids = new Set<string>();
    blocks?.forEach((block, i) => {
      if (typeof block?.id !== 'string') return;
      if (ids.has(block.id))
        problems.push({
          file: display(file),
          where: describePath(['blocks', i, 'id'], doc),
          message: `duplicate block id ${JSON.stringify(block.id)}`,
          severity: 'error',
        });
      ids.add(block.id);
    });
    if (route !== null) anchorsByRoute.set(route, blocks ? ids : 'unknown');
  }
  return anchorsByRoute;
}

export const errorsIn = (problems: Problem[]) => problems.filter((p) => p.severity === 'error');

/** What stops `npm run build`: the errors, and the warnings a published page may not carry (placeholder text). */
export const buildErrorsIn = (problems: Problem[]) => problems.filter((p) => p.severity === 'error' || p.stopsBuild);
