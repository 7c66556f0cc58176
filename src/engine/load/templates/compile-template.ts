/**
 * Turns a template document into what validation and expansion need: for each section the page
 * fills, the zod schema of its block as the page writes it (no type, no fixed id, no shared
 * fields, the template's item counts), and which sections the template fills on its own.
 */
import { z } from 'zod';
import { blockSchemas } from '../../../blocks/generated/blocks';
import { didYouMean } from '../../../lib/did-you-mean';
import { BLOCK_TYPES, blockSchema } from '../page-schema';
import { collectionItemSchemas, type CollectionName } from '../../model/collections';
import { problemAt, type JsonPath, type Problem, type SourceDocument } from '../../model/problems';
import { zodIssueToProblem } from '../documents/zod-issues';
import type { Template, TemplateSection } from './template-schema';
import { isPlainObject } from '../../../lib/is-plain-object';

type BlockSchema = (typeof blockSchemas)[number];

interface PageSection {
  section: TemplateSection;
  /** The section's block as a page writes it, with `slot`. */
  schema: z.ZodObject;
  /** Human words for the counts, for messages: "exactly 4 cards". */
  countHints: Record<string, string>;
}

export interface CompiledTemplate {
  name: string;
  /** Path for messages: `pages-json/_templates/use-case.json`. */
  display: string;
  template: Template;
  /**
   * Sections in template order. `filledByTemplate`: the template gives every field it needs (it is on every page).
   * `pageWrites`: whether a page must write the section, may (optional, an open area, or a filled section the page
   * may add list items to), or never does.
   */
  sections: { section: TemplateSection; filledByTemplate: boolean; pageWrites: 'must' | 'may' | 'never' }[];
  /** The sections a page writes, by slot. */
  pageSections: Map<string, PageSection>;
  /** The schema of the page's record (without its id, which is the page's file name), if the template has one. */
  recordSchema?: z.ZodObject;
}

const blockSchemaOf = (type: string) => blockSchemas.find((schema) => schema.shape.type.value === type) as BlockSchema;

/** The object schema inside an optional field, if the field is an object. */
function objectOf(field: z.ZodType | undefined): z.ZodObject | undefined {
  let inner: z.ZodType | undefined = field;
  while (inner instanceof z.ZodOptional) inner = inner.unwrap() as z.ZodType;
  return inner instanceof z.ZodObject ? inner : undefined;
}

/** The list fields of a block. */
const listFields = (schema: z.ZodObject) => Object.keys(schema.shape).filter((key) => listOf(schema.shape[key] as z.ZodType));

/** The array schema inside an optional/described field, if the field is a list. */
function listOf(field: z.ZodType | undefined): z.ZodArray | undefined {
  let inner: z.ZodType | undefined = field;
  while (inner instanceof z.ZodOptional) inner = inner.unwrap() as z.ZodType;
  return inner instanceof z.ZodArray ? inner : undefined;
}

function countWords(count: number | { min?: number; max?: number }, field: string): { min?: number; max?: number; words: string } {
  if (typeof count === 'number') return { min: count, max: count, words: `exactly ${count} ${field}` };
  const { min, max } = count;
  const words =
    min !== undefined && max !== undefined
      ? `${min} to ${max} ${field}`
      : min !== undefined
        ? `at least ${min} ${field}`
        : `at most ${max} ${field}`;
  return { min, max, words };
}

export function compileTemplate(name: string, template: Template, display: string, problems: Problem[]): CompiledTemplate | undefined {
  const before = problems.length;
  const source: SourceDocument = { file: display, doc: template };
  const fail = (path: JsonPath, message: string, hint: string) => problems.push(problemAt(source, path, message, { hint }));
  const sections: CompiledTemplate['sections'] = [];
  const pageSections = new Map<string, PageSection>();
  const slots = new Set<string>();

  template.sections.forEach((section, index) => {
    const where = ['sections', index];
    if (slots.has(section.slot)) fail([...where, 'slot'], `duplicate slot "${section.slot}"`, 'every section needs its own slot name');
    slots.add(section.slot);
    if (section.group && !section.optional)
      fail([...where, 'group'], 'only optional sections can form a group', 'add "optional": true, or remove "group"');
    if (section.open) {
      compileOpenArea(section, where, fail);
      sections.push({ section, filledByTemplate: false, pageWrites: 'may' });
      pageSections.set(section.slot, { section, schema: openAreaSchema(name, section.slot), countHints: {} });
      return;
    }
    if (!section.block) {
      fail(
        [...where, 'block'],
        'a section needs "block" (its block type), or "open": true for an open area',
        `block types: ${BLOCK_TYPES.join(', ')}`,
      );
      return;
    }

    const base = blockSchemaOf(section.block);
    const shared = section.shared ?? {};
    const sharedSchema = sharedSchemaOf(base);
    const sharedCheck = sharedSchema.safeParse({ type: section.block, ...(section.id ? { id: section.id } : {}), ...shared });
    if (!sharedCheck.success) {
      for (const issue of sharedCheck.error.issues) {
        problems.push(zodIssueToProblem(issue, source, { schema: sharedSchema, basePath: [...where, 'shared'] }));
      }
    }
    const filledByTemplate = base.safeParse({ type: section.block, ...(section.id ? { id: section.id } : {}), ...shared }).success;
    if (filledByTemplate && section.optional)
      fail(
        [...where, 'optional'],
        'a section the template fills completely is on every page',
        'remove "optional", or leave a field for pages to fill',
      );
    const pageWrites = filledByTemplate ? (section.pagesMayAdd ? 'may' : 'never') : section.optional ? 'may' : 'must';
    sections.push({ section, filledByTemplate, pageWrites });
    if (pageWrites === 'never') return;

    const made = pageSectionSchema(name, section, base, where, fail);
    pageSections.set(section.slot, { section, ...made });
  });

  const recordSchema = template.record
    ? (collectionItemSchemas[template.record.collection as CollectionName] as unknown as z.ZodObject).omit({ id: true }).strict()
    : undefined;
  if (problems.length > before) return undefined;
  return { name, display, template, sections, pageSections, recordSchema };
}

/** Block type -> its fields as a template may share them: any of them, and of an object field any of its keys (one per block type). */
const sharedSchemas = new Map<string, z.ZodObject>();
function sharedSchemaOf(base: BlockSchema): z.ZodObject {
  const type = base.shape.type.value;
  let made = sharedSchemas.get(type);
  if (!made) {
    // Shared fields must be fields of the block, with valid values.
    // (An object field may be shared in part: its other keys come from the page.)
    const partialShape = Object.fromEntries(
      Object.entries(base.shape).map(([key, field]) => {
        const object = objectOf(field as z.ZodType);
        return [key, object ? object.partial().optional() : (field as z.ZodType).optional()];
      }),
    );
    made = z.object(partialShape).strict();
    sharedSchemas.set(type, made);
  }
  return made;
}

type Fail = (path: JsonPath, message: string, hint: string) => void;

/**
 * A section's schema as pages write it, by what it is made from: the template's name and the section less the text
 * it shares. Each language compiles the template again (its shared text translated), and making the zod schemas was
 * most of compiling one; a section with a mistake is made each time, so its problems are reported each time.
 */
const pageSectionSchemas = new Map<string, Omit<PageSection, 'section'>>();
function pageSectionSchema(name: string, section: TemplateSection, base: BlockSchema, where: JsonPath, fail: Fail) {
  const shape = (value: unknown): unknown => (isPlainObject(value) ? Object.keys(value) : Array.isArray(value) ? 'list' : 'value');
  const key = JSON.stringify([
    name,
    { ...section, shared: Object.fromEntries(Object.entries(section.shared ?? {}).map(([field, value]) => [field, shape(value)])) },
  ]);
  const known = pageSectionSchemas.get(key);
  if (known) return known;
  let failed = false;
  const made = writtenSection(name, section, base, where, (...args) => {
    failed = true;
    fail(...args);
  });
  if (!failed) {
    if (pageSectionSchemas.size >= 500) pageSectionSchemas.clear(); // templates being edited make new keys
    pageSectionSchemas.set(key, made);
  }
  return made;
}

function writtenSection(
  name: string,
  section: TemplateSection,
  base: BlockSchema,
  where: JsonPath,
  fail: Fail,
): Omit<PageSection, 'section'> {
  const shared = section.shared ?? {};
  // The block as the page writes it: no type, no fixed id, no shared fields, the template's counts.
  const shape: Record<string, z.ZodType> = { ...base.shape };
  delete shape.type;
  if (section.id) delete shape.id;
  for (const [key, value] of Object.entries(shared)) {
    if (section.pagesMayAdd?.[key]) continue;
    // A shared object may leave some of its keys to the page (a table's competitor heading): the page writes the rest.
    const object = objectOf(base.shape[key as keyof typeof base.shape] as z.ZodType | undefined);
    const rest = object && isPlainObject(value) ? Object.keys(object.shape).filter((sub) => !(sub in value)) : [];
    if (object && rest.length) shape[key] = z.object(Object.fromEntries(rest.map((sub) => [sub, object.shape[sub] as z.ZodType]))).strict();
    else delete shape[key];
  }
  for (const [field, position] of Object.entries(section.pagesMayAdd ?? {})) {
    const list = listOf(base.shape[field as keyof typeof base.shape] as z.ZodType | undefined);
    if (!list || !Array.isArray(shared[field])) {
      fail(
        [...where, 'pagesMayAdd', field],
        `"${field}" is not a list the template shares`,
        `pagesMayAdd names shared list fields of ${section.block}, e.g. "buttons"`,
      );
      continue;
    }
    shape[field] = z
      .array(list.element as z.ZodType)
      .min(1)
      .optional()
      .describe(`${list.description ?? field}: this page's own, shown ${position === 'first' ? 'before' : 'after'} the ${name} template's`);
  }
  const countHints: Record<string, string> = {};
  for (const [field, count] of Object.entries(section.counts ?? {})) {
    const list = listOf(base.shape[field as keyof typeof base.shape] as z.ZodType | undefined);
    if (!list) {
      fail(
        [...where, 'counts', field],
        `${section.block} has no list field "${field}"`,
        `${didYouMean(field, listFields(base))}counts name list fields of ${section.block}: ${listFields(base).join(', ') || 'it has none'}`,
      );
      continue;
    }
    const { min, max, words } = countWords(count, field);
    let counted = z.array(list.element as z.ZodType);
    if (min !== undefined) counted = counted.min(min);
    if (max !== undefined) counted = counted.max(max);
    shape[field] = counted.describe(`${list.description ?? field} (${name} template: ${words})`);
    countHints[field] = words;
  }
  shape.slot = z
    .literal(section.slot)
    .describe(`This block fills the "${section.slot}" section (${section.block}) of the ${name} template`);
  return {
    schema: z
      .object(shape)
      .strict()
      .describe(base.description ?? base.shape.type.value),
    countHints,
  };
}

/** An open area has a slot and nothing else a block section has. */
function compileOpenArea(section: TemplateSection, where: JsonPath, fail: (path: JsonPath, message: string, hint: string) => void) {
  const extra = (['block', 'id', 'group', 'counts', 'shared', 'pagesMayAdd'] as const).filter((key) => section[key] !== undefined);
  if (extra.length)
    fail(
      [...where, 'open'],
      `an open area has no ${extra.map((key) => `"${key}"`).join(', ')}`,
      'pages fill it with blocks of their own choosing, and may leave it out',
    );
}

/** What a page writes in an open area: `{ "slot": "<name>", "blocks": [ordinary blocks] }` (made once per template and slot). */
const openAreaSchemas = new Map<string, z.ZodObject>();
const openAreaSchema = (template: string, slot: string) => {
  const key = JSON.stringify([template, slot]);
  if (!openAreaSchemas.has(key)) {
    if (openAreaSchemas.size >= 500) openAreaSchemas.clear(); // templates being edited make new keys
    openAreaSchemas.set(key, makeOpenAreaSchema(template, slot));
  }
  return openAreaSchemas.get(key)!;
};
const makeOpenAreaSchema = (template: string, slot: string) =>
  z
    .object({
      slot: z.literal(slot).describe(`This fills the "${slot}" open area of the ${template} template`),
      blocks: z.array(blockSchema).min(1).describe('Sections of this page\'s own, in order: blocks as on any page, each with its "type"'),
    })
    .strict()
    .describe(`The "${slot}" open area of the ${template} template: sections of this page's own`);
