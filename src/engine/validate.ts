/**
 * Validates every document in `pages-json/`: JSON syntax, ajv against the
 * generated JSON Schemas, zod (for worded messages), then checks across
 * documents (routes, links, anchors, SEO lengths). Build time only.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { z } from 'zod';
import { blockSchemas } from '../blocks/schemas';
import { pageSchema, type PageDoc } from './page-schema';
import { describePath, lineAndColumn, type Problem } from './problems';
import { LINK_PATTERN, LINK_PATTERN_HINT, siteHrefs } from './links';
import { TEXT_TOKENS } from './resolve';
import { fileToRoute, isPageFile, NOT_FOUND_FILE, routeSection } from './routes';
import { siteSchema, type SiteConfig } from './site-schema';
import { zodIssueToProblem } from './zod-issues';

const SITE_FILE = '_site.json';

export interface LoadedPage {
  /** Path inside pages-json, with forward slashes: `use-cases/collections.json`. */
  file: string;
  /** Route, or null for the not-found page. */
  route: string | null;
  section: string;
  doc: PageDoc;
}

export interface ContentResult {
  problems: Problem[];
  site?: SiteConfig;
  pages: LoadedPage[];
}

const KNOWN_BLOCK_TYPES = blockSchemas.map((s) => s.shape.type.value).sort();

function listJsonFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.split(sep).join('/'))
    .sort();
}

function parseJson(text: string, display: string): { value?: unknown; problem?: Problem } {
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const where = position ? lineAndColumn(text, Number(position[1])) : undefined;
    const reason = message.replace(/ in JSON at position \d+.*$/, '').replace(/^JSON\.parse: /, '');
    return {
      problem: {
        file: display,
        where: where ? `line ${where.line}, column ${where.column}` : '',
        message: `invalid JSON: ${reason}`,
        hint: 'look for a missing comma, an extra trailing comma, or an unquoted key just before this point',
        severity: 'error',
      },
    };
  }
}

function schemaValidator(schemasDir: string, name: string) {
  const path = join(schemasDir, name);
  if (!existsSync(path)) throw new Error(`${path} is missing: run npm run schemas`);
  const ajv = new Ajv2020({ allErrors: false, strict: true });
  addFormats(ajv);
  return ajv.compile(JSON.parse(readFileSync(path, 'utf8')));
}

/** Both validators must accept a document; zod's issues are reworded, ajv's are reported as they come when only ajv objects. */
function checkDocument<T>(
  schema: z.ZodType<T>,
  ajvValidate: ReturnType<typeof schemaValidator>,
  value: unknown,
  display: string,
  problems: Problem[],
): T | undefined {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(zodIssueToProblem(issue, value, display, KNOWN_BLOCK_TYPES));
    return undefined;
  }
  if (!ajvValidate(value)) {
    for (const err of ajvValidate.errors ?? []) {
      const path = err.instancePath
        .split('/')
        .slice(1)
        .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
      problems.push({
        file: display,
        where: describePath(path, value),
        message: err.message ?? 'invalid',
        hint: 'schemas/ may be stale: run npm run schemas',
        severity: 'error',
      });
    }
    return undefined;
  }
  return parsed.data;
}

/** Calls `visit` for every value in a JSON tree (except `$schema`), with its path; the root has an empty path. */
function walkJson(node: unknown, visit: (value: unknown, path: PropertyKey[]) => void, path: PropertyKey[] = []) {
  visit(node, path);
  if (Array.isArray(node)) node.forEach((child, i) => walkJson(child, visit, [...path, i]));
  else if (node && typeof node === 'object') {
    for (const [key, child] of Object.entries(node)) if (key !== '$schema') walkJson(child, visit, [...path, key]);
  }
}

/** Strings stored under a matching key name anywhere in the tree. */
function forEachKeyed(node: unknown, key: RegExp, visit: (value: string, path: PropertyKey[]) => void) {
  walkJson(node, (value, path) => {
    if (typeof value === 'string' && key.test(String(path.at(-1)))) visit(value, path);
  });
}

/** Link fields: `href`, and fields named for a link (`ctaUrl`, `moreHref`, ...). */
const LINK_KEY = /^href$|Href$|Url$/;

function checkLinks(
  doc: unknown,
  display: string,
  ownRoute: string | null,
  anchorsByRoute: Map<string, Set<string> | 'unknown'>,
  site: SiteConfig,
  problems: Problem[],
) {
  const siteKeys = siteHrefs(site);
  forEachKeyed(doc, LINK_KEY, (href, path) => {
    const where = describePath(path, doc);
    const fail = (message: string, hint?: string) => problems.push({ file: display, where, message, hint, severity: 'error' });
    if (!LINK_PATTERN.test(href)) {
      return fail(`link scheme not allowed in ${JSON.stringify(href)}`, `use ${LINK_PATTERN_HINT}`);
    }
    if (href.startsWith('site:')) {
      const key = href.slice(5);
      if (!(key in siteKeys)) fail(`unknown site link ${JSON.stringify(href)}`, `known keys: ${Object.keys(siteKeys).join(', ')}`);
      return;
    }
    if (!href.startsWith('/') && !href.startsWith('#')) return;
    const [pathPart, anchor] = href.split('#');
    const route = pathPart === '' ? ownRoute : pathPart.replace(/\/$/, '') || '/';
    if (route === null) return fail(`the in-page anchor ${JSON.stringify(href)} has no page to point into`);
    const anchors = anchorsByRoute.get(route);
    if (!anchors)
      return fail(
        `broken link: no page has the route ${route}`,
        'check the path, or add pages-json' + (route === '/' ? '/index.json' : `${route}.json`),
      );
    if (anchor && anchors !== 'unknown' && !anchors.has(anchor)) {
      fail(
        `broken link: ${route} has no block with id ${JSON.stringify(anchor)}`,
        anchors.size ? `ids on that page: ${[...anchors].join(', ')}` : 'that page has no block ids',
      );
    }
  });
}

function checkTokens(doc: unknown, display: string, problems: Problem[]) {
  walkJson(doc, (text, path) => {
    if (typeof text !== 'string') return;
    for (const [, name] of text.matchAll(/\{(\w+)\}/g)) {
      if (!(TEXT_TOKENS as readonly string[]).includes(name)) {
        problems.push({
          file: display,
          where: describePath(path, doc),
          message: `unknown placeholder {${name}}`,
          hint: `known placeholders: ${TEXT_TOKENS.map((t) => `{${t}}`).join(', ')}`,
          severity: 'error',
        });
      }
    }
  });
}

function checkSeo(page: LoadedPage, display: string, problems: Problem[]) {
  const { title, description } = page.doc.meta;
  if (title.length > 60)
    problems.push({
      file: display,
      where: 'meta.title',
      message: `title is ${title.length} characters; search engines cut titles after about 60`,
      severity: 'warning',
    });
  if (description.length < 50 || description.length > 160) {
    problems.push({
      file: display,
      where: 'meta.description',
      message: `description is ${description.length} characters; aim for 50-160`,
      severity: 'warning',
    });
  }
}

/** Loads and validates all content in `contentDir` (normally `pages-json/`). */
export function loadContent(contentDir: string, schemasDir: string, rootDir = join(contentDir, '..')): ContentResult {
  const problems: Problem[] = [];
  const display = (file: string) => relative(rootDir, join(contentDir, file)).split(sep).join('/');
  const validatePage = schemaValidator(schemasDir, 'page.schema.json');
  const validateSite = schemaValidator(schemasDir, 'site.schema.json');

  let site: SiteConfig | undefined;
  let siteRaw: unknown;
  const pages: LoadedPage[] = [];
  const pageFiles: string[] = [];
  const rawPages = new Map<string, unknown>();

  for (const file of listJsonFiles(contentDir)) {
    if (isPageFile(file)) pageFiles.push(file);
    const { value, problem } = parseJson(readFileSync(join(contentDir, file), 'utf8'), display(file));
    if (problem) {
      problems.push(problem);
      continue;
    }
    if (file === SITE_FILE) {
      siteRaw = value;
      site = checkDocument(siteSchema, validateSite, value, display(file), problems);
    } else if (isPageFile(file)) {
      rawPages.set(file, value);
      const doc = checkDocument(pageSchema, validatePage, value, display(file), problems);
      if (doc) pages.push({ file, route: fileToRoute(file), section: routeSection(file), doc });
    }
  }

  if (!siteRaw && !problems.some((p) => p.file === display(SITE_FILE))) {
    problems.push({ file: display(SITE_FILE), where: '', message: 'the site configuration is missing', severity: 'error' });
  }
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

  // Block ids must be unique within a page; they are the anchors links can use. Invalid documents still
  // claim their route and ids (read from the raw JSON), so one broken page does not cascade into broken links.
  const anchorsByRoute = new Map<string, Set<string> | 'unknown'>();
  for (const file of pageFiles) {
    const route = fileToRoute(file);
    const raw = rawPages.get(file) as { blocks?: unknown } | undefined;
    const blocks = raw && Array.isArray(raw.blocks) ? (raw.blocks as { id?: unknown }[]) : undefined;
    const ids = new Set<string>();
    blocks?.forEach((block, i) => {
      if (typeof block?.id !== 'string') return;
      if (ids.has(block.id))
        problems.push({
          file: display(file),
          where: describePath(['blocks', i, 'id'], raw),
          message: `duplicate block id ${JSON.stringify(block.id)}`,
          severity: 'error',
        });
      ids.add(block.id);
    });
    if (route !== null) anchorsByRoute.set(route, blocks ? ids : 'unknown');
  }

  if (site) {
    for (const page of pages) {
      checkLinks(page.doc, display(page.file), page.route, anchorsByRoute, site, problems);
      checkTokens(page.doc, display(page.file), problems);
      checkSeo(page, display(page.file), problems);
    }
    checkLinks(site, display(SITE_FILE), null, anchorsByRoute, site, problems);
    checkTokens(site, display(SITE_FILE), problems);
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

  return { problems, site, pages };
}

export const errorsIn = (problems: Problem[]) => problems.filter((p) => p.severity === 'error');
