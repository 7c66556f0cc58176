/**
 * Validates every document in `pages-json/`: JSON syntax; the site configuration, collections,
 * templates and pages against their schemas (zod for worded messages, ajv against the JSON Schema
 * editors use); pages on a template against their template, then expanded; then checks across
 * documents (routes, links, anchors, placeholders, records, SEO lengths). Build time only.
 */
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { blockProblems } from '../../blocks/generated/blocks';
import { checkDocument } from './documents/check-document';
import { jsonSchemaValidator } from './documents/validator-cache';
import {
  collectionFile,
  collectionFileSchema,
  COLLECTION_NAMES,
  COLLECTIONS_DIR,
  type CollectionName,
  type Collections,
} from '../model/collections';
import { CONTENT_DIR, SCHEMAS_DIR } from './content-env';
import {
  checkLinks,
  checkPlacements,
  checkSeo,
  checkTokens,
  forEachKeyed,
  type AnchorsByRoute,
  type Locate,
} from './checks/content-checks';
import type { ContentResult, LoadedPage } from './content-types';
import { templatePageJsonSchema, templatePageSchemaComment, templatePageSchemaFile, templatePageShapeHash } from './documents/json-schemas';
import { parseJson, readDocumentText, scanJsonFiles } from './documents/json-files';
import { pageSchema } from './page-schema';
import { fileProblem, locate, problemAt, type JsonPath, type Problem, type SourceDocument } from '../model/problems';
import { moneyFigures } from '../model/collections/tokens';
import { statedFiguresCheck } from './checks/figure-checks';
import { tokenValues } from '../model/resolve';
import { fileToRoute, isPageFile, NOT_FOUND_FILE, routeSection } from '../model/routes';
import { reservedRouteReason } from './checks/reserved-routes';
import { siteSchema, type SiteConfig } from '../model/site-schema';
import {
  checkDuplicateMeta,
  checkImageAlt,
  checkLocales,
  checkMarkCharacters,
  checkOrphans,
  checkTodoText,
  checkUnusedSiteValues,
} from './checks/site-checks';
import { compileTemplate, type CompiledTemplate } from './templates/compile-template';
import { didYouMean } from '../../lib/did-you-mean';
import { TRANSLATIONS_DIR } from './i18n/paths';
import { checkTemplatePage, templatePageSource } from './templates/template-page';
import { templateSchema, TEMPLATES_DIR } from './templates/template-schema';

export type { ContentResult } from './content-types';

const SITE_FILE = '_site.json';

const templateName = (file: string) => file.slice(TEMPLATES_DIR.length + 1).replace(/\.json$/, '');

/**
 * The validators of the documents that have a schema of their own: the committed schemas/ files editors use
 * (a test keeps them equal to a fresh generation; a stale one is reported with its fix).
 */
let documentValidators: ReturnType<typeof makeDocumentValidators> | undefined;
function makeDocumentValidators() {
  const schema = (name: string) => jsonSchemaValidator(JSON.parse(readFileSync(join(SCHEMAS_DIR, name), 'utf8')) as object);
  return {
    site: schema('site.schema.json'),
    page: schema('page.schema.json'),
    template: schema('template.schema.json'),
    collection: (name: CollectionName) => schema(`collections/${name}.schema.json`),
  };
}

/**
 * The validator of pages on a template, made once per template shape (the dev server, the visual editor and each
 * language check the content again). Its JSON Schema is the committed one in schemas/templates/ while that was made
 * from this shape (a test keeps the committed files equal to the code's); else, for a template just changed, it is
 * generated here, which is most of what checking a template page costs.
 */
const templatePageValidators = new Map<string, ReturnType<typeof jsonSchemaValidator>>();
function templatePageValidator(compiled: CompiledTemplate) {
  const shape = templatePageShapeHash(compiled);
  let validate = templatePageValidators.get(shape);
  if (!validate) {
    validate = jsonSchemaValidator(committedTemplatePageSchema(compiled.name, shape) ?? templatePageJsonSchema(compiled));
    if (templatePageValidators.size >= 20) templatePageValidators.clear(); // a template being edited is a new one each time
    templatePageValidators.set(shape, validate);
  }
  return validate;
}

/** schemas/templates/<name>.schema.json when it was generated from this shape of the template. */
function committedTemplatePageSchema(name: string, shape: string): object | undefined {
  try {
    const schema = JSON.parse(readFileSync(join(SCHEMAS_DIR, templatePageSchemaFile(name)), 'utf8')) as { $comment?: string };
    return schema.$comment === templatePageSchemaComment(shape) ? schema : undefined;
  } catch {
    return undefined;
  }
}

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
  const validators = (documentValidators ??= makeDocumentValidators());
  const problems: Problem[] = [];
  const display = (file: string) => relative(rootDir, join(contentDir, file)).split(sep).join('/');
  const scanned = scanJsonFiles(contentDir);
  for (const { file, leads } of scanned.strayLinks)
    problems.push(
      leads === 'nowhere'
        ? fileProblem(display(file), 'a link to a file that does not exist', 'remove the link, or put the document itself here')
        : fileProblem(
            display(file),
            'a link to a file outside pages-json/: it is never read, nor published',
            'put the document itself here instead of a link',
          ),
    );
  const files = (overlay ? [...new Set([...scanned.files, ...overlay.keys()])].sort() : scanned.files).filter(
    (file) => !file.startsWith(`${TRANSLATIONS_DIR}/`), // each locale's text: src/engine/load/i18n/
  );
  /** Every document that parses, as written. */
  const sources = new Map<string, SourceDocument>();
  for (const file of files) {
    if (overlay?.has(file)) {
      sources.set(file, { file: display(file), doc: overlay.get(file) });
      continue;
    }
    const text = readDocumentText(join(contentDir, file));
    if (typeof text !== 'string') {
      problems.push(fileProblem(display(file), text.unreadable, 'restore the file it names, or remove the link'));
      continue;
    }
    const { value, problem } = parseJson(text, display(file));
    if (problem) problems.push(problem);
    else sources.set(file, { file: display(file), doc: value });
  }
  const sourceOf = (file: string) => sources.get(file)!;
  const at =
    (file: string): Locate =>
    (path) =>
      locate(sourceOf(file), path);

  // The site configuration.
  let site: SiteConfig | undefined;
  if (sources.has(SITE_FILE)) site = checkDocument(siteSchema, validators.site, sourceOf(SITE_FILE), problems);
  else if (!problems.some((p) => p.file === display(SITE_FILE)))
    problems.push(fileProblem(display(SITE_FILE), 'the site configuration is missing', 'restore pages-json/_site.json from git'));

  // Collections, from their files (pages on a template add their records below).
  const collections = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, []])) as unknown as Collections;
  const collectionSources = new Map<string, string>(); // `${collection}:${id}` -> where it is stated
  function addRecord(name: CollectionName, item: { id: string }, source: SourceDocument, path: JsonPath) {
    const key = `${name}:${item.id}`;
    const earlier = collectionSources.get(key);
    if (earlier) {
      problems.push(
        problemAt(source, [...path, 'id'], `the ${name} record "${item.id}" is stated twice`, {
          hint: `it is also in ${earlier}; keep one`,
        }),
      );
      return;
    }
    const { file, where } = locate(source, path);
    collectionSources.set(key, `${file} ${where}`);
    (collections[name] as { id: string }[]).push(item);
  }
  for (const name of COLLECTION_NAMES) {
    const file = collectionFile(name);
    if (!sources.has(file)) continue;
    const doc = checkDocument(collectionFileSchema(name), validators.collection(name), sourceOf(file), problems);
    doc?.items.forEach((item, index) => addRecord(name, item, sourceOf(file), ['items', index]));
  }
  for (const file of files) {
    if (file.startsWith(`${COLLECTIONS_DIR}/`) && !(COLLECTION_NAMES as string[]).includes(file.slice(COLLECTIONS_DIR.length + 1, -5))) {
      problems.push(fileProblem(display(file), 'not a known collection', `collections: ${COLLECTION_NAMES.join(', ')}`));
    }
  }

  // Templates.
  const templates = new Map<string, CompiledTemplate>();
  for (const file of files.filter((f) => f.startsWith(`${TEMPLATES_DIR}/`) && sources.has(f))) {
    const doc = checkDocument(templateSchema, validators.template, sourceOf(file), problems);
    const compiled = doc && compileTemplate(templateName(file), doc, display(file), problems);
    if (compiled) templates.set(compiled.name, compiled);
  }

  // Pages: plain ones against the page schema, others against their template, then expanded.
  const pageFiles = files.filter(isPageFile);
  const pages: LoadedPage[] = [];
  /** Records stated by template pages join their collection in menu order (the order the spec lists them in). */
  const pageRecords: { order: number; file: string; add: () => void }[] = [];
  for (const file of pageFiles.filter((f) => sources.has(f))) {
    const value = sourceOf(file).doc as { template?: unknown };
    const base = { file, route: fileToRoute(file), section: routeSection(file) };
    if (!(value && typeof value === 'object' && 'template' in value)) {
      const doc = checkDocument(pageSchema, validators.page, sourceOf(file), problems);
      if (doc) pages.push({ ...base, doc, locate: at(file) });
      continue;
    }
    const compiled = templates.get(String(value.template));
    if (!compiled) {
      problems.push(
        problemAt(sourceOf(file), ['template'], `unknown template ${JSON.stringify(value.template)}`, {
          hint: `${didYouMean(String(value.template), templates.keys())}templates: ${[...templates.keys()].join(', ') || 'none'} (pages-json/${TEMPLATES_DIR}/)`,
        }),
      );
      continue;
    }
    const source = templatePageSource(display(file), value, compiled);
    sources.set(file, source);
    const { folder } = compiled.template;
    if (base.section !== folder)
      problems.push(
        problemAt(source, ['template'], `pages on the ${compiled.name} template live in pages-json/${folder}/`, {
          hint: `move the file there, or change "folder" in ${compiled.display}`,
        }),
      );
    const checked = checkTemplatePage(value, compiled, file, display(file), problems);
    if (!checked) continue;
    const validateTemplatePage = templatePageValidator(compiled);
    if (!validateTemplatePage(checked.written)) {
      const [error] = validateTemplatePage.errors ?? [];
      problems.push(
        problemAt(source, [], `does not match its template's JSON Schema: ${error?.instancePath} ${error?.message}`, {
          hint: 'the JSON Schema and the template disagree here: tell a developer (npm run generate may be due)',
        }),
      );
      continue;
    }
    if (checked.record) {
      const { record } = compiled.template;
      pageRecords.push({
        order: checked.doc.meta.nav?.order ?? Infinity,
        file,
        add: () => addRecord(record!.collection as CollectionName, checked.record!, source, [record!.field]),
      });
    }
    const origin = checked.origin;
    pages.push({ ...base, doc: checked.doc, template: compiled.name, locate: (path) => locate(origin(path).source, origin(path).path) });
  }
  pageRecords.sort((a, b) => a.order - b.order || a.file.localeCompare(b.file)).forEach((record) => record.add());
  if (!pageFiles.includes(NOT_FOUND_FILE)) {
    problems.push(fileProblem(display(NOT_FOUND_FILE), 'the not-found page is missing', 'add a page with a NotFound block'));
  }

  // Two files may not claim one route (`foo.json` and `foo/index.json`), nor one take an address that something else
  // answers (another language's pages, the build's assets, the server's own endpoints).
  const prefixes = (site?.locales ?? []).map((locale) => locale.prefix).filter(Boolean);
  const owners = new Map<string, string>();
  for (const page of pages) {
    if (page.route === null) continue;
    const reserved = reservedRouteReason(page.route, prefixes);
    if (reserved)
      problems.push(
        fileProblem(display(page.file), `the address ${page.route} is taken: ${reserved}`, 'rename the file or move it to another folder'),
      );
    const other = owners.get(page.route);
    if (other)
      problems.push(
        fileProblem(
          display(page.file),
          `route ${page.route} is already served by ${display(other)}`,
          'rename or remove one of the two files',
        ),
      );
    else owners.set(page.route, page.file);
  }

  checkDuplicateMeta(pages, display, problems);
  // On the files as written, so a template page is pointed at by its own slots.
  for (const source of sources.values()) {
    checkImageAlt(source, problems);
    checkTodoText(source, problems);
    checkMarkCharacters(source, problems);
  }

  const anchorsByRoute = collectAnchors(pageFiles, pages, sources, problems);
  if (site) {
    const known = new Set(Object.keys(tokenValues(site, collections)));
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

  return { problems: onceEach(problems), site, pages, collections, templates };
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

/**
 * Block ids must be unique within a page; they are the anchors links can use. A valid page's ids
 * come from its expanded blocks (a template may set them); an invalid page still claims its route
 * and the ids written in its JSON, so one broken page does not cascade into broken links.
 */
function collectAnchors(
  pageFiles: string[],
  pages: LoadedPage[],
  sources: Map<string, SourceDocument>,
  problems: Problem[],
): AnchorsByRoute {
  const anchorsByRoute: AnchorsByRoute = new Map();
  for (const file of pageFiles) {
    const route = fileToRoute(file);
    const loaded = pages.find((page) => page.file === file);
    const doc = (loaded?.doc ?? sources.get(file)?.doc) as { blocks?: unknown } | undefined;
    const blocks = doc && Array.isArray(doc.blocks) ? (doc.blocks as { id?: unknown }[]) : undefined;
    const ids = new Set<string>();
    blocks?.forEach((block, i) => {
      if (typeof block?.id !== 'string') return;
      if (ids.has(block.id)) {
        const path = ['blocks', i, 'id'];
        problems.push({
          ...(loaded ? loaded.locate(path) : locate(sources.get(file)!, path)),
          message: `duplicate block id ${JSON.stringify(block.id)}`,
          hint: 'give each block its own id: links point at one block with #id',
          severity: 'error',
        });
      }
      ids.add(block.id);
    });
    if (route !== null) anchorsByRoute.set(route, blocks ? ids : 'unknown');
  }
  return anchorsByRoute;
}

export const errorsIn = (problems: Problem[]) => problems.filter((p) => p.severity === 'error');

/** What stops `npm run build`: the errors, and the warnings a published page may not carry (placeholder text). */
export const buildErrorsIn = (problems: Problem[]) => problems.filter((p) => p.severity === 'error' || p.stopsBuild);
