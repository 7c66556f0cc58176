/**
 * New blocks for a page, drafted from each block's example: a block added from the palette, and a template's
 * section drafted within what the page may write there (its lists cut or repeated to the template's counts).
 */
import type { JsonSchema, SiteVocabulary, TemplateSectionInfo } from '../../../protocol';
import { deref, emptyValue, itemSchemaFor, type Resolved } from '../../form/schema';
import { isObject } from '../../../shared/json-path';
import type { Block } from './blocks';

/**
 * A new value for `node`, from a block's example: the example's fields the schema has (lists cut or
 * repeated to the schema's counts), required fields it lacks empty. Valid as far as the example is.
 */
function fromExample(node: Resolved, example: unknown, root: JsonSchema): unknown {
  if (node.type === 'object' || node.properties) {
    const source = isObject(example) ? example : {};
    const required = new Set(node.required ?? []);
    return Object.fromEntries(
      Object.entries(node.properties ?? {})
        .filter(([key]) => key !== '$schema' && (key in source || required.has(key)))
        .map(([key, child]) => [
          key,
          key in source ? fromExample(deref(child, root), source[key], root) : emptyValue(deref(child, root), root, key),
        ]),
    );
  }
  if (node.type === 'array' && Array.isArray(example)) {
    const min = node.minItems ?? 0;
    const max = node.maxItems ?? Infinity;
    const items = example.slice(0, max);
    while (items.length < min) items.push(items.length ? items[items.length % example.length] : emptyValue(deref(node.items, root), root));
    return items.map((item) => fromExample(itemSchemaFor(node, item, root), item, root));
  }
  return example === undefined ? emptyValue(node, root) : example;
}

/**
 * The schema of the page's own section of `slot` on a template page: only the fields the page may write there,
 * with the template's counts as the lists' limits (the template page's schema picks it by `slot`).
 */
export const ownSectionSchema = (schema: JsonSchema, slot: string): Resolved =>
  itemSchemaFor(deref(deref(schema, schema).properties?.blocks, schema), { slot }, schema);

/** A block of `type` from its example, ready to add to a page: without the example's anchor id (ids are unique on a page). */
export function newBlock(type: string, vocabulary: SiteVocabulary): Block {
  const example = vocabulary.blocks.find((block) => block.type === type)?.example ?? { type };
  const { id: _id, ...rest } = example;
  return { ...rest, type };
}

/** A section of the template, drafted from its block's example within what the page may write there. */
export function newSection(section: TemplateSectionInfo, schema: JsonSchema, vocabulary: SiteVocabulary): Block {
  const example = vocabulary.blocks.find((block) => block.type === section.block)?.example ?? {};
  const { slot: _slot, ...fields } = fromExample(ownSectionSchema(schema, section.slot), example, schema) as Block;
  return { slot: section.slot, ...fields };
}
