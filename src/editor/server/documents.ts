/**
 * What the editor shows of the content: every document with its kind and validation status, one
 * document with its JSON Schema (and, on a template page, its template), and the vocabulary the forms
 * offer (routes, anchors, site links, panels, placeholders, blocks). Read from the dev server's
 * validated content; nothing here writes.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { blocksByCategory } from '../../blocks/categories';
import { blockDefinitions } from '../../blocks/generated/blocks';
import { COLLECTIONS_DIR } from '../../engine/model/collections';
import { ROOT_DIR, SCHEMAS_DIR } from '../../engine/load/content-env';
import { listJsonFiles } from '../../engine/load/documents/json-files';
import { templatePageJsonSchema } from '../../engine/load/documents/json-schemas';
import { PANELS } from '../../engine/model/links';
import type { Problem } from '../../engine/model/problems';
import { siteHrefs, tokenValues } from '../../engine/model/resolve';
import { fileToRoute, isPageFile } from '../../engine/model/routes';
import type { CompiledTemplate } from '../../engine/load/templates/compile-template';
import { TEMPLATES_DIR } from '../../engine/load/templates/template-schema';
import type { ContentResult } from '../../engine/load/load-content';
import { NoSuchDocumentError, readContentFile } from './content-files';
import { previewPagesOf } from './preview-pages';
import type { BlockInfo, DocumentKind, DocumentPayload, DocumentSummary, JsonSchema, SiteVocabulary, TemplateInfo } from '../protocol';

const SITE_FILE = '_site.json';

export function kindOf(file: string): DocumentKind | undefined {
  if (file === SITE_FILE) return 'site';
  if (new RegExp(`^${TEMPLATES_DIR}/[^/]+\\.json$`).test(file)) return 'template';
  if (new RegExp(`^${COLLECTIONS_DIR}/[^/]+\\.json$`).test(file)) return 'collection';
  return isPageFile(file) ? 'page' : undefined;
}

function titleOf(file: string, kind: DocumentKind, doc: unknown): string {
  if (kind === 'site') return 'Site configuration';
  if (kind === 'template') return `${basename(file, '.json')} template`;
  if (kind === 'collection') return `${basename(file, '.json')} collection`;
  const title = (doc as { meta?: { title?: unknown } } | undefined)?.meta?.title;
  // A page whose title is missing by its address: never by its file.
  return typeof title === 'string' ? title : (fileToRoute(file) ?? basename(file, '.json'));
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** A listed file's text, or undefined when there is none to read (a link to a file that does not exist). */
function textIfAny(contentDir: string, file: string): string | undefined {
  try {
    return readContentFile(contentDir, file).text;
  } catch (error) {
    if (error instanceof NoSuchDocumentError) return undefined;
    throw error;
  }
}

/** A document as the editor lists it: its kind, title and route, and its parsed JSON (undefined when it does not parse). */
export interface ReadDocument {
  file: string;
  kind: DocumentKind;
  title: string;
  route: string | null;
  doc: unknown;
}

/** Every document the editor edits, read and parsed (a link to no file is left out). */
export function readDocuments(contentDir: string): ReadDocument[] {
  return listJsonFiles(contentDir).flatMap((file): ReadDocument[] => {
    const kind = kindOf(file);
    if (!kind) return [];
    const text = textIfAny(contentDir, file);
    if (text === undefined) return [];
    const doc = parsed(text);
    return [{ file, kind, title: titleOf(file, kind, doc), route: kind === 'page' ? fileToRoute(file) : null, doc }];
  });
}

export function listDocuments(contentDir: string, display: (file: string) => string, problems: Problem[]): DocumentSummary[] {
  return readDocuments(contentDir).map(({ file, kind, title, route, doc }) => {
    const own = problems.filter((problem) => problem.file === display(file));
    const template = (doc as { template?: unknown } | undefined)?.template;
    return {
      file,
      display: display(file),
      kind,
      title,
      route,
      ...(typeof template === 'string' ? { template } : {}),
      errors: own.filter((problem) => problem.severity === 'error').length,
      warnings: own.filter((problem) => problem.severity === 'warning').length,
      untranslated: untranslatedOf(own),
    };
  });
}

/**
 * What each language lacks of a document, from validation's translation state (one problem per document and
 * language with its pending texts, src/engine/load/i18n/translation-state.ts): texts to translate, texts to update.
 */
function untranslatedOf(problems: Problem[]): DocumentSummary['untranslated'] {
  const languages: DocumentSummary['untranslated'] = {};
  for (const { locale, pending } of problems) {
    if (!locale || !pending?.length) continue;
    const counts = (languages[locale] ??= { missing: 0, outdated: 0 });
    for (const text of pending) counts[text.state]++;
  }
  return languages;
}

/** The committed JSON Schemas (validation reads the same files), read once. */
const schemaFiles = new Map<string, JsonSchema>();
export function committedSchema(name: string): JsonSchema {
  let schema = schemaFiles.get(name);
  if (!schema) {
    schema = JSON.parse(readFileSync(join(SCHEMAS_DIR, name), 'utf8')) as JsonSchema;
    schemaFiles.set(name, schema);
  }
  return schema;
}

/** A template page's schema, generated from the template as it is now (kept while the template is unchanged). */
const templateSchemas = new Map<string, JsonSchema>();
export function templateSchema(compiled: CompiledTemplate): JsonSchema {
  const key = `${compiled.name}\0${JSON.stringify(compiled.template)}`;
  let schema = templateSchemas.get(key);
  if (!schema) {
    schema = templatePageJsonSchema(compiled) as JsonSchema;
    if (templateSchemas.size >= 20) templateSchemas.clear(); // a template being edited is a new one each time
    templateSchemas.set(key, schema);
  }
  return schema;
}

export function templateInfo(compiled: CompiledTemplate, contentDir: string): TemplateInfo {
  const { template } = compiled;
  const pages = listJsonFiles(contentDir).filter((file) => {
    if (!isPageFile(file)) return false;
    const doc = parsed(textIfAny(contentDir, file) ?? '') as { template?: unknown } | undefined;
    return doc?.template === compiled.name;
  });
  return {
    name: compiled.name,
    display: compiled.display,
    file: `${TEMPLATES_DIR}/${compiled.name}.json`,
    description: template.description,
    folder: template.folder,
    pages,
    ...(template.record ? { record: template.record } : {}),
    sections: compiled.sections.map(({ section, filledByTemplate, pageWrites }) => {
      const counts = Object.fromEntries(
        Object.entries(section.counts ?? {}).map(([field, count]) => {
          const { min, max } = typeof count === 'number' ? { min: count, max: count } : count;
          const words = compiled.pageSections.get(section.slot)?.countHints[field] ?? '';
          return [field, { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}), words }];
        }),
      );
      const block = section.block as keyof typeof blockDefinitions | undefined;
      return {
        slot: section.slot,
        ...(block ? { block } : {}),
        label: block ? blockDefinitions[block].label : 'Open area',
        open: Boolean(section.open),
        optional: Boolean(section.optional || section.open),
        ...(section.group ? { group: section.group } : {}),
        ...(section.id ? { id: section.id } : {}),
        counts,
        shared: section.shared ?? {},
        pagesMayAdd: section.pagesMayAdd ?? {},
        filledByTemplate,
        pageWrites,
      };
    }),
  };
}

export function documentPayload(
  contentDir: string,
  file: string,
  display: (file: string) => string,
  result: ContentResult | undefined,
  problems: Problem[],
): DocumentPayload {
  const kind = kindOf(file);
  if (!kind) throw new Error(`not a document the editor knows: ${file}`);
  const { text, hash } = readContentFile(contentDir, file);
  const doc = parsed(text);
  let schema: JsonSchema;
  let template: TemplateInfo | undefined;
  let usedBy: string[] | undefined;
  if (kind === 'site') schema = committedSchema('site.schema.json');
  else if (kind === 'collection') schema = committedSchema(`collections/${basename(file, '.json')}.schema.json`);
  else if (kind === 'template') {
    schema = committedSchema('template.schema.json');
    const compiled = result?.templates.get(basename(file, '.json'));
    usedBy = compiled ? templateInfo(compiled, contentDir).pages : [];
  } else {
    const templateName = (doc as { template?: unknown } | undefined)?.template;
    const compiled = typeof templateName === 'string' ? result?.templates.get(templateName) : undefined;
    if (compiled) {
      schema = templateSchema(compiled);
      template = templateInfo(compiled, contentDir);
    } else schema = committedSchema('page.schema.json');
  }
  return {
    file,
    display: display(file),
    kind,
    text,
    hash,
    doc,
    schema,
    route: kind === 'page' ? fileToRoute(file) : null,
    ...(template ? { template } : {}),
    ...(usedBy ? { usedBy } : {}),
    ...(kind !== 'page' && result ? { previewPages: previewPagesOf(file, kind, result) } : {}),
    problems: problems.filter((problem) => problem.file === display(file)),
  };
}

function blockExample(type: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(join(ROOT_DIR, 'src', 'blocks', type, 'example.json'), 'utf8')) as Record<string, unknown>;
  } catch {
    return { type };
  }
}

/** The anchor ids of a page's blocks. */
export const blockIds = (blocks: readonly object[]) =>
  blocks.flatMap((block) => ('id' in block && typeof block.id === 'string' ? [block.id] : []));

export function siteVocabulary(result: ContentResult, contentDir: string): SiteVocabulary {
  const blocks: BlockInfo[] = blocksByCategory(blockDefinitions).flatMap(([category, types]) =>
    types.map((type) => {
      const { label, description, icon } = blockDefinitions[type];
      return { type, label, description, icon, category, example: blockExample(type) };
    }),
  );
  const routes = result.pages
    .flatMap((page) => (page.route === null ? [] : [{ route: page.route, title: page.doc.meta.title, file: page.file }]))
    .sort((a, b) => a.route.localeCompare(b.route));
  const anchors = Object.fromEntries(
    result.pages.flatMap((page) => (page.route === null ? [] : [[page.route, blockIds(page.doc.blocks)]])),
  );
  const folders = [
    ...new Set(
      listJsonFiles(contentDir)
        .filter(isPageFile)
        .map((file) => (file.includes('/') ? file.split('/')[0] : '')),
    ),
  ].sort();
  return {
    routes,
    anchors,
    siteLinks: result.site ? Object.entries(siteHrefs(result.site)).map(([key, url]) => ({ key, url })) : [],
    panels: [...PANELS],
    placeholders: result.site
      ? Object.entries(tokenValues(result.site, result.collections)).map(([token, value]) => ({ token, value }))
      : [],
    blocks,
    templates: [...result.templates.values()].map((compiled) => ({
      name: compiled.name,
      folder: compiled.template.folder,
      description: compiled.template.description,
    })),
    folders,
    languages: (result.site?.locales ?? []).slice(1).map(({ code, name, prefix }) => ({ code, name, prefix })),
  };
}
