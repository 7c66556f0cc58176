/**
 * A page document as the page editor sees it: its sections in order (on a template page, the template's
 * sections, each written by the page, given by the template, or left out), what may be moved, removed
 * and added, and where each is in the document. Pure functions of the document and its template.
 */
import type { JsonSchema, SiteVocabulary, TemplateInfo, TemplateSectionInfo } from '../../protocol';
import { deref, emptyValue, itemSchemaFor, type Resolved } from '../form/schema';
import { getAt, isObject, pathOf, pointerOf, updateList, type Path } from '../state/json-path';

/** What is selected: `/meta`, `/useCase` (a template page's record), `/blocks/2`, `/blocks/1/blocks/0` (in an open area), `slot:closing` (a section the template gives). */
export type Selection = string;

type Block = Record<string, unknown>;

const blocksOf = (doc: unknown): Block[] => {
  const blocks = getAt(doc, ['blocks']);
  return Array.isArray(blocks) ? blocks.filter(isObject) : [];
};

export interface SectionRow {
  /** What selecting it selects. */
  key: Selection;
  /** Path of the block in the document, when the page writes it. */
  path?: Path;
  type?: string;
  slot?: string;
  label: string;
  /** The block's own words that name it (its heading, title or id). */
  title?: string;
  movable: boolean;
  removable: boolean;
  /** Given by the template, on every page of its kind. */
  fromTemplate?: boolean;
  /** An optional section of the template this page leaves out: it can be added. */
  absent?: boolean;
  section?: TemplateSectionInfo;
}

interface AreaRows {
  kind: 'area';
  section: TemplateSectionInfo;
  /** Path of the area's block in the document (`{ "slot": ..., "blocks": [...] }`), when the page has one. */
  path?: Path;
  rows: SectionRow[];
}

export type OutlineEntry = ({ kind: 'row' } & SectionRow) | AreaRows;

export const labelOfType = (vocabulary: SiteVocabulary, type: unknown) =>
  vocabulary.blocks.find((block) => block.type === type)?.label ?? String(type ?? 'Section');

const titleOf = (block: Block) => {
  for (const key of ['heading', 'title', 'question', 'id']) if (typeof block[key] === 'string' && block[key]) return block[key] as string;
  return undefined;
};

/** The sections of a page without a template: every block, movable and removable. */
function plainOutline(doc: unknown, vocabulary: SiteVocabulary): OutlineEntry[] {
  return blocksOf(doc).map((block, index) => ({
    kind: 'row',
    key: pointerOf(['blocks', index]),
    path: ['blocks', index],
    type: String(block.type),
    label: labelOfType(vocabulary, block.type),
    title: titleOf(block),
    movable: true,
    removable: true,
  }));
}

/** The sections of a page on a template, in the template's order. */
function templateOutline(doc: unknown, template: TemplateInfo, vocabulary: SiteVocabulary): OutlineEntry[] {
  const blocks = blocksOf(doc);
  return template.sections.map((section): OutlineEntry => {
    const index = blocks.findIndex((block) => block.slot === section.slot);
    const block = index >= 0 ? blocks[index] : undefined;
    if (section.open) {
      const inner = Array.isArray(block?.blocks) ? (block.blocks as unknown[]).filter(isObject) : [];
      return {
        kind: 'area',
        section,
        ...(block ? { path: ['blocks', index] } : {}),
        rows: inner.map((child, j) => ({
          key: pointerOf(['blocks', index, 'blocks', j]),
          path: ['blocks', index, 'blocks', j],
          type: String(child.type),
          label: labelOfType(vocabulary, child.type),
          title: titleOf(child),
          movable: true,
          removable: true,
        })),
      };
    }
    const shared = { type: section.block, slot: section.slot, label: section.label, section, movable: false };
    if (block)
      return {
        kind: 'row',
        ...shared,
        key: pointerOf(['blocks', index]),
        path: ['blocks', index],
        title: titleOf(block) ?? (typeof section.shared.heading === 'string' ? section.shared.heading : undefined),
        removable: section.optional,
        fromTemplate: section.filledByTemplate,
      };
    if (section.filledByTemplate)
      return {
        kind: 'row',
        ...shared,
        key: `slot:${section.slot}`,
        title: titleOf(section.shared),
        removable: false,
        fromTemplate: true,
      };
    return { kind: 'row', ...shared, key: `slot:${section.slot}`, removable: false, absent: true };
  });
}

export const outlineOf = (doc: unknown, template: TemplateInfo | undefined, vocabulary: SiteVocabulary) =>
  template ? templateOutline(doc, template, vocabulary) : plainOutline(doc, vocabulary);

/** The selection a problem at `pointer` belongs to. */
export function selectionOf(pointer: string, recordField?: string): Selection | undefined {
  const path = pathOf(pointer);
  if (path[0] === 'meta') return '/meta';
  if (recordField && path[0] === recordField) return `/${recordField}`;
  if (path[0] !== 'blocks' || typeof path[1] !== 'number') return undefined;
  if (path[2] === 'blocks' && typeof path[3] === 'number') return pointerOf(path.slice(0, 4));
  return pointerOf(path.slice(0, 2));
}

/** Where a section of `slot` goes in the page's blocks: after every section the template puts before it. */
export function insertIndexFor(doc: unknown, template: TemplateInfo, slot: string): number {
  const order = template.sections.map((section) => section.slot);
  return blocksOf(doc).filter((block) => order.indexOf(String(block.slot)) < order.indexOf(slot)).length;
}

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

/** A block of `type` from its example, ready to add to a page: without the example's anchor id (ids are unique on a page). */
export function newBlock(type: string, vocabulary: SiteVocabulary): Block {
  const example = vocabulary.blocks.find((block) => block.type === type)?.example ?? { type };
  const { id: _id, ...rest } = example;
  return { ...rest, type };
}

/** A section of the template, drafted from its block's example within what the page may write there. */
function newSection(section: TemplateSectionInfo, schema: JsonSchema, vocabulary: SiteVocabulary): Block {
  const node = itemSchemaFor(deref(schema.properties?.blocks, schema), { slot: section.slot }, schema);
  const example = vocabulary.blocks.find((block) => block.type === section.block)?.example ?? {};
  const { slot: _slot, ...fields } = fromExample(node, example, schema) as Block;
  return { slot: section.slot, ...fields };
}

/** Adds the page's own section of `slot` (and the other sections of its group) in the template's order. */
export function addSection(doc: unknown, template: TemplateInfo, slot: string, schema: JsonSchema, vocabulary: SiteVocabulary): unknown {
  const section = template.sections.find((candidate) => candidate.slot === slot)!;
  const members = section.group ? template.sections.filter((candidate) => candidate.group === section.group) : [section];
  let next = doc;
  for (const member of members) {
    if (blocksOf(next).some((block) => block.slot === member.slot)) continue;
    const index = insertIndexFor(next, template, member.slot);
    next = updateList(next, ['blocks'], (list) => list.splice(index, 0, newSection(member, schema, vocabulary)));
  }
  return next;
}

/** Removes a section the page writes (an optional one takes the rest of its group with it). */
export function removeSection(doc: unknown, template: TemplateInfo | undefined, path: Path): unknown {
  const [, index] = path;
  const block = blocksOf(doc)[index as number];
  const group = template?.sections.find((section) => section.slot === block?.slot)?.group;
  const slots = group ? template!.sections.filter((section) => section.group === group).map((section) => section.slot) : [];
  return updateList(doc, ['blocks'], (list) => {
    for (let i = list.length - 1; i >= 0; i--) {
      const candidate = list[i];
      if (i === index || (isObject(candidate) && slots.includes(String(candidate.slot)))) list.splice(i, 1);
    }
  });
}
