/**
 * The translatable text of every content file, each string under a key that names what it is rather than where
 * it sits: a section by its template slot, its anchor id or its block type (`blocks.Hero.heading`,
 * `blocks.benefits.cards.2.title`), a record by its id (`items.lead-nurturing.title`). Moving or adding a
 * section of another type leaves every key as it was; where a key still moves (two sections of one type
 * swapped), the translation is found again by its source text (translations.ts).
 */
import { collectionFileSchema, COLLECTION_NAMES, COLLECTIONS_DIR, type CollectionName } from '../../model/collections';
import { blockSchemas } from '../../../blocks/generated/blocks';
import { pageSchema } from '../page-schema';
import type { JsonPath, Problem } from '../../model/problems';
import { isPageFile } from '../../model/routes';
import { MEDIA_DIR, mediaRecordSchema } from '../../model/media';
import { siteSchema } from '../../model/site-schema';
import { compileTemplate, type CompiledTemplate } from '../templates/compile-template';
import { templatePageTopSchema } from '../templates/template-page';
import { templateSchema, TEMPLATES_DIR } from '../templates/template-schema';
import { SITE_FILE, TRANSLATIONS_DIR } from './paths';
import { translatableTexts, type TextAt } from './translatable';
import { isPlainObject } from '../../../lib/is-plain-object';

export interface ContentText {
  /** Stable name of the string in its file: `blocks.Hero.heading`. */
  key: string;
  /** Where it is in the file as written. */
  path: JsonPath;
  source: string;
  /** The schema's maximum length, if it has one. */
  max?: number;
  /** A category many records share, translated once for the site (src/engine/model/fields.ts term). */
  term?: true;
}

/** The key of a path: list items named by slot, id or block type where they have one. */
export function keyOf(doc: unknown, path: JsonPath): string {
  const parts: string[] = [];
  let node = doc;
  for (const step of path) {
    if (Array.isArray(node) && typeof step === 'number') {
      const item = node[step];
      parts.push(itemName(node, step) ?? String(step));
      node = item;
    } else {
      parts.push(String(step));
      node = isPlainObject(node) ? node[String(step)] : undefined;
    }
  }
  return parts.join('.');
}

function itemName(list: unknown[], index: number): string | undefined {
  const item = list[index];
  if (!isPlainObject(item)) return undefined;
  for (const field of ['slot', 'id'] as const) if (typeof item[field] === 'string') return item[field];
  if (typeof item.type !== 'string') return undefined;
  // The nth section of one type: `CardGrid`, `CardGrid~2`.
  const nth = list.slice(0, index + 1).filter((other) => isPlainObject(other) && other.type === item.type && !other.id).length;
  return nth > 1 ? `${item.type}~${nth}` : item.type;
}

/** Templates compiled leniently: text extraction needs their sections' schemas, validation reports their problems. */
function compiledTemplates(docs: ReadonlyMap<string, unknown>) {
  const templates = new Map<string, CompiledTemplate>();
  for (const [file, doc] of docs) {
    if (!file.startsWith(`${TEMPLATES_DIR}/`)) continue;
    const parsed = templateSchema.safeParse(doc);
    const name = file.slice(TEMPLATES_DIR.length + 1, -'.json'.length);
    const compiled = parsed.success ? compileTemplate(name, parsed.data, file, [] as Problem[]) : undefined;
    if (compiled) templates.set(name, compiled);
  }
  return templates;
}

const blockSchemaOf = (type: unknown) => blockSchemas.find((schema) => schema.shape.type.value === type);

function textsOfFile(file: string, doc: unknown, templates: Map<string, CompiledTemplate>): TextAt[] {
  if (file === SITE_FILE) return translatableTexts(siteSchema, doc);
  if (file.startsWith(`${MEDIA_DIR}/`)) return translatableTexts(mediaRecordSchema, doc);
  if (file.startsWith(`${COLLECTIONS_DIR}/`)) {
    const name = file.slice(COLLECTIONS_DIR.length + 1, -'.json'.length) as CollectionName;
    return COLLECTION_NAMES.includes(name) ? translatableTexts(collectionFileSchema(name), doc) : [];
  }
  if (file.startsWith(`${TEMPLATES_DIR}/`)) {
    const sections = isPlainObject(doc) && Array.isArray(doc.sections) ? doc.sections : [];
    return sections.flatMap((section: unknown, index) => {
      const schema = isPlainObject(section) ? blockSchemaOf(section.block) : undefined;
      return schema && isPlainObject(section) ? translatableTexts(schema, section.shared, ['sections', index, 'shared']) : [];
    });
  }
  if (!isPageFile(file)) return [];
  if (!(isPlainObject(doc) && 'template' in doc)) return translatableTexts(pageSchema, doc);
  const compiled = templates.get(String(doc.template));
  if (!compiled) return [];
  const blocks = Array.isArray(doc.blocks) ? doc.blocks : [];
  return [
    ...translatableTexts(templatePageTopSchema(compiled), doc),
    ...blocks.flatMap((block: unknown, index) => {
      const schema = isPlainObject(block) ? compiled.pageSections.get(String(block.slot))?.schema : undefined;
      return schema ? translatableTexts(schema, block, ['blocks', index]) : [];
    }),
  ];
}

/** Every content file's translatable strings, by file (`index.json`, `_site.json`, `_collections/jobs.json`). */
export function contentTexts(docs: ReadonlyMap<string, unknown>): Map<string, ContentText[]> {
  const templates = compiledTemplates(docs);
  const result = new Map<string, ContentText[]>();
  for (const [file, doc] of docs) {
    if (file.startsWith(`${TRANSLATIONS_DIR}/`)) continue;
    const seen = new Set<string>();
    const texts: ContentText[] = [];
    for (const { path, text, max, term } of textsOfFile(file, doc, templates)) {
      const key = keyOf(doc, path);
      if (seen.has(key)) continue;
      seen.add(key);
      texts.push({ key, path, source: text, ...(max ? { max } : {}), ...(term ? { term } : {}) });
    }
    if (texts.length) result.set(file, texts);
  }
  return result;
}
