/**
 * JSON Schema generation from the zod schemas: the one place that decides how. Editors autocomplete
 * documents through their `$schema`; ajv validates documents against the same schemas, generated in
 * memory (the files in schemas/ are these, written by `npm run generate`; never edit them by hand).
 *
 * Kept small so an editor loads them fast and says one thing per mistake: every block and the shared
 * field shapes are written once, in `$defs`, and a list of blocks picks each item's definition by its
 * `type` (a template page's sections by their `slot`) with if/then, which every validator and editor
 * reads the same way, instead of trying every block on every item.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { blockDefinitions, blockSchemas } from '../../../blocks/generated/blocks';
import { collectionFileSchema, COLLECTION_NAMES } from '../../model/collections';
import { button, card, href, icon, link, money, stat } from '../../model/fields';
import { pageMetaSchema, pageSchema } from '../page-schema';
import { mediaRecordSchema } from '../../model/media';
import { siteSchema } from '../../model/site-schema';
import type { CompiledTemplate } from '../templates/compile-template';
import { templatePageParts, templatePageShape } from '../templates/template-page';
import { templateSchema } from '../templates/template-schema';

const SCHEMA_BASE = 'https://www.reachwell.example/schemas/';

type JsonObject = Record<string, unknown>;

/** Schemas written once, in `$defs`, by name: the blocks (with their label and description) and the shared field shapes. */
const SHARED: [z.ZodType, JsonObject][] = [
  ...blockSchemas.map((schema): [z.ZodType, JsonObject] => {
    const type = schema.shape.type.value;
    const { label, description } = blockDefinitions[type];
    return [schema, { id: type, title: label, description }];
  }),
  [pageMetaSchema, { id: 'PageMeta' }],
  [link, { id: 'Link' }],
  [button, { id: 'Button' }],
  [card, { id: 'Card' }],
  [stat, { id: 'Stat' }],
  [href, { id: 'Href' }],
  [icon, { id: 'Icon' }],
  [money, { id: 'Money' }],
];

/** zod's metadata (descriptions, the editor's labels and text kinds: FieldMeta), plus the `$defs` names above: all zod's JSON Schema generation asks of a registry. */
const sharedMeta = new Map<unknown, JsonObject>(SHARED);
const metadata = z.registry<JsonObject>();
metadata.get = (schema) => {
  const own = sharedMeta.get(schema);
  const global = z.globalRegistry.get(schema);
  return own ? { ...global, ...own } : global;
};

const generate = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12', metadata }) as JsonObject & { $defs?: Record<string, JsonObject> };

/**
 * A list item that is one of several object shapes told apart by `key` (`type`, `slot`): the value of
 * `key` must be one of theirs, and then the item must match the one it names.
 */
function discriminated(key: string, branches: [string, JsonObject][], description?: string): JsonObject {
  return {
    type: 'object',
    ...(description ? { description } : {}),
    required: [key],
    properties: { [key]: { enum: branches.map(([value]) => value) } },
    allOf: branches.map(([value, then]) => ({ if: { type: 'object', required: [key], properties: { [key]: { const: value } } }, then })),
  };
}

/** Replaces zod's `oneOf` of block references (a discriminated union on `type`) with `discriminated`, everywhere in `node`. */
function pickBlocksByType(node: unknown, defs: Record<string, JsonObject>): unknown {
  if (Array.isArray(node)) return node.map((child) => pickBlocksByType(child, defs));
  if (!node || typeof node !== 'object') return node;
  const object = node as JsonObject;
  const branches = object.oneOf as JsonObject[] | undefined;
  const refs = branches?.map((branch) => (typeof branch.$ref === 'string' ? branch.$ref.replace('#/$defs/', '') : undefined));
  if (refs?.every((ref) => ref && defs[ref] && (defs[ref].properties as JsonObject | undefined)?.type)) {
    const { oneOf: _, ...rest } = object;
    return {
      ...rest,
      ...discriminated(
        'type',
        refs.map((ref) => [ref!, { $ref: `#/$defs/${ref}` }]),
      ),
    };
  }
  return Object.fromEntries(Object.entries(object).map(([key, child]) => [key, pickBlocksByType(child, defs)]));
}

function finish(json: JsonObject & { $defs?: Record<string, JsonObject> }, file: string, title: string) {
  const defs = json.$defs ?? {};
  const { $schema, $defs: _, ...body } = pickBlocksByType(json, defs) as JsonObject;
  const sortedDefs = Object.fromEntries(
    Object.keys(defs)
      .sort()
      .map((name) => [name, pickBlocksByType(defs[name], defs)]),
  );
  return { $schema, $id: SCHEMA_BASE + file, title, ...body, ...(Object.keys(defs).length ? { $defs: sortedDefs } : {}) };
}

function toJsonSchema(schema: z.ZodType, file: string, title: string): JsonObject {
  return finish(generate(schema), file, title);
}

/** File name in `schemas/` -> JSON Schema generated from code. */
export function generateJsonSchemas(): Record<string, JsonObject> {
  const files: Record<string, JsonObject> = {
    'page.schema.json': toJsonSchema(pageSchema, 'page.schema.json', 'Reachwell page document'),
    'site.schema.json': toJsonSchema(siteSchema, 'site.schema.json', 'Reachwell site configuration'),
    'template.schema.json': toJsonSchema(templateSchema, 'template.schema.json', 'Reachwell page template'),
    'media.schema.json': toJsonSchema(mediaRecordSchema, 'media.schema.json', 'Reachwell media record (an image of pages-json/_media/)'),
  };
  for (const name of COLLECTION_NAMES) {
    files[`collections/${name}.schema.json`] = toJsonSchema(
      collectionFileSchema(name),
      `collections/${name}.schema.json`,
      `Reachwell ${name} collection`,
    );
  }
  return files;
}

const slotDef = (slot: string) => `Section.${slot}`;

/**
 * The JSON Schema of a page on `compiled`'s template: its sections are picked by `slot`, each known slot at
 * most once and each required one present. (The order and the optional groups are checked by validation,
 * which words them; an editor shows them in the descriptions.)
 */
export function templatePageJsonSchema(compiled: CompiledTemplate): JsonObject {
  const file = templatePageSchemaFile(compiled.name);
  const { top, sections, order } = templatePageParts(compiled);
  const json = generate(z.object({ ...top, ...Object.fromEntries(sections) }).strict());
  const properties = json.properties as Record<string, JsonObject>;
  const defs = { ...json.$defs };
  for (const [slot] of sections) {
    defs[slotDef(slot)] = properties[slot];
    delete properties[slot];
  }
  const slotCount = ([slot, must]: [string, boolean]) => ({
    contains: { type: 'object', required: ['slot'], properties: { slot: { const: slot } } },
    ...(must ? {} : { minContains: 0 }),
    maxContains: 1,
  });
  properties.blocks = {
    type: 'array',
    minItems: 1,
    description: `The page's own sections, in this order: ${order.map(([slot, must]) => (must ? slot : `${slot} (optional)`)).join(', ')}`,
    items: discriminated(
      'slot',
      sections.map(([slot]) => [slot, { $ref: `#/$defs/${slotDef(slot)}` }]),
      `A section of the ${compiled.name} template, named by its slot`,
    ),
    allOf: order.map(slotCount),
  };
  json.required = [...(json.required as string[]).filter((key) => key in properties), 'blocks'];
  const { $schema, $id, title, ...body } = finish({ ...json, $defs: defs }, file, `Reachwell page on the ${compiled.name} template`);
  return { $schema, $id, title, $comment: templatePageSchemaComment(templatePageShapeHash(compiled)), ...body };
}

export const templatePageSchemaFile = (name: string) => `templates/${name}.schema.json`;

/** A short hash of what a template page's schema is made from (templatePageShape), for its `$comment`. */
export const templatePageShapeHash = (compiled: CompiledTemplate) =>
  createHash('sha256').update(templatePageShape(compiled)).digest('hex').slice(0, 16);

/** Validation reads a committed template page schema only when its comment names the template's current shape. */
export const templatePageSchemaComment = (shape: string) => `Generated by npm run generate from the template's shape ${shape}`;

/** File name in `schemas/` -> the JSON Schema of pages on each template (generated from the template documents). */
export function generateTemplatePageSchemas(templates: Iterable<CompiledTemplate>): Record<string, JsonObject> {
  return Object.fromEntries([...templates].map((compiled) => [templatePageSchemaFile(compiled.name), templatePageJsonSchema(compiled)]));
}

export function serializeSchema(schema: object): string {
  return JSON.stringify(schema, null, 2) + '\n';
}
