/**
 * A page on a template: `{ "template": "<name>", "meta": ..., "blocks": [{ "slot": "...", ...its own fields }] }`.
 * Checked against its template with the same pinpointed messages as any page (file, block, field,
 * what the template expected, a hint), then expanded into an ordinary page document: the
 * template's sections in order, each block its shared fields plus the page's own.
 */
import { z } from 'zod';
import { blockSchemas } from '../../blocks/schemas';
import { pageMetaSchema, pageSchema, type PageDoc } from '../page-schema';
import { describePath, type Problem } from '../problems';
import { zodIssueToProblem } from '../zod-issues';
import type { CompiledTemplate } from './compile-template';

const KNOWN_BLOCK_TYPES = blockSchemas.map((schema) => schema.shape.type.value).sort();

interface SlotBlock {
  slot: string;
  [field: string]: unknown;
}

export interface TemplatePage {
  doc: PageDoc;
  /** The page's record, with its id (the file name), when the template has one. */
  record?: Record<string, unknown> & { id: string };
}

/** The page document's own shape (before its blocks are checked slot by slot). */
function topLevelSchema(compiled: CompiledTemplate) {
  const record = compiled.template.record;
  return z
    .object({
      $schema: z.string().optional(),
      template: z.literal(compiled.name),
      meta: pageMetaSchema,
      ...(record && compiled.recordSchema ? { [record.field]: compiled.recordSchema } : {}),
      blocks: z
        .array(z.object({ slot: z.string() }).loose())
        .min(1)
        .describe("The page's own sections, in template order"),
    })
    .strict();
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{record.title}` -> the record's value, in every string of `value`. */
function fillRecord<T>(value: T, record: Record<string, unknown> | undefined): T {
  if (!record) return value;
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string')
      return node.replace(/\{record\.(\w+)\}/g, (match, field: string) => (field in record ? String(record[field]) : match));
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child)]));
    return node;
  };
  return walk(value) as T;
}

export function checkTemplatePage(
  raw: unknown,
  compiled: CompiledTemplate,
  file: string,
  display: string,
  problems: Problem[],
): TemplatePage | undefined {
  const before = problems.length;
  const { name, template } = compiled;
  const push = (where: string, message: string, hint?: string) => problems.push({ file: display, where, message, hint, severity: 'error' });
  const top = topLevelSchema(compiled).safeParse(raw);
  if (!top.success) {
    for (const issue of top.error.issues) problems.push(zodIssueToProblem(issue, raw, display, []));
    return undefined;
  }
  const blocks = top.data.blocks as SlotBlock[];
  const order = template.sections.map((entry) => entry.slot);
  const sectionList = (slots: string[]) =>
    slots.map((slot) => `${slot} (${template.sections.find((s) => s.slot === slot)!.block ?? 'open area'})`).join(', ');
  const pageSlots = compiled.sections.filter((entry) => entry.pageWrites !== 'never').map((entry) => entry.section.slot);

  // Each block: a known slot the page fills, once, in template order, valid for its block.
  const seen = new Map<string, number>();
  blocks.forEach((block, index) => {
    const where = describePath(['blocks', index, 'slot'], raw);
    const entry = compiled.sections.find((candidate) => candidate.section.slot === block.slot);
    if (!entry) return push(where, `unknown slot "${block.slot}" for the ${name} template`, `its sections: ${sectionList(pageSlots)}`);
    if (entry.pageWrites === 'never')
      return push(
        where,
        `the ${name} template fills the "${block.slot}" section itself`,
        'remove this block: every page of this kind gets it from the template',
      );
    if (seen.has(block.slot)) return push(where, `a second "${block.slot}" section`, `blocks[${seen.get(block.slot)}] already fills it`);
    const previous = blocks[index - 1];
    if (previous && seen.has(previous.slot) && order.indexOf(block.slot) < order.indexOf(previous.slot)) {
      push(
        describePath(['blocks', index], raw),
        `the ${name} template puts "${block.slot}" before "${previous.slot}"`,
        `the order is: ${sectionList(pageSlots)}`,
      );
    }
    seen.set(block.slot, index);
    const pageSection = compiled.pageSections.get(block.slot)!;
    const parsed = pageSection.schema.safeParse(block);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const problem = zodIssueToProblem({ ...issue, path: ['blocks', index, ...issue.path] }, raw, display, KNOWN_BLOCK_TYPES);
        const field = String(issue.path[0] ?? '');
        const count = pageSection.countHints[field];
        if (count && issue.path.length === 1 && (issue.code === 'too_small' || issue.code === 'too_big')) {
          const given = (block[field] as unknown[]).length;
          problem.message = `${given} ${given === 1 ? 'item' : 'items'}, but the ${name} template asks for ${count}`;
          problem.hint = `add or remove ${field} here (the count is set in ${compiled.display})`;
        }
        if (issue.code === 'unrecognized_keys') {
          const locked = issue.keys.filter(
            (key) => key in (pageSection.section.shared ?? {}) || (key === 'id' && pageSection.section.id) || key === 'type',
          );
          if (locked.length)
            problem.hint = `the ${name} template sets ${locked.map((key) => `"${key}"`).join(', ')} for every page; change it there (${compiled.display})`;
        }
        problems.push(problem);
      }
    }
  });

  // Messages about a page's sections name the slot and its block type: "blocks[1] (benefits, CardGrid)".
  for (const problem of problems.slice(before)) {
    problem.where = problem.where.replace(/^blocks\[(\d+)\] \(([a-z0-9-]+)\)/, (whole, index: string, slot: string) => {
      const section = template.sections.find((candidate) => candidate.slot === slot);
      return section ? `blocks[${index}] (${slot}, ${section.block ?? 'open area'})` : whole;
    });
  }

  // Every required section is there; a group is all there or not at all.
  for (const { section, pageWrites } of compiled.sections) {
    if (pageWrites !== 'must' || seen.has(section.slot)) continue;
    push(
      'blocks',
      `the ${name} template needs a "${section.slot}" section (${section.block})`,
      `add { "slot": "${section.slot}", ... } in this order: ${sectionList(pageSlots)}`,
    );
  }
  const groups = new Set(template.sections.flatMap((section) => (section.group ? [section.group] : [])));
  for (const group of groups) {
    const members = template.sections.filter((section) => section.group === group).map((section) => section.slot);
    const present = members.filter((slot) => seen.has(slot));
    if (present.length && present.length < members.length) {
      push(
        'blocks',
        `the "${group}" sections of the ${name} template come together: ${members.join(', ')}`,
        `add ${members.filter((slot) => !seen.has(slot)).join(', ')}, or remove ${present.join(', ')}`,
      );
    }
  }
  if (problems.length > before) return undefined;

  // Expand: the template's sections in order, shared fields first, then the page's own.
  const recordField = template.record?.field;
  const recordId = file.replace(/^.*\//, '').replace(/\.json$/, '');
  const record: Record<string, unknown> | undefined = recordField
    ? { id: recordId, ...(top.data as unknown as Record<string, Record<string, unknown>>)[recordField] }
    : undefined;
  const bySlot = new Map(blocks.map((block) => [block.slot, block]));
  const expandedBlocks = compiled.sections.flatMap(({ section, filledByTemplate }) => {
    const own = bySlot.get(section.slot);
    if (!filledByTemplate && !own) return [];
    if (section.open) return own!.blocks as object[];
    const fields: Record<string, unknown> = { ...own };
    delete fields.slot;
    const merged: Record<string, unknown> = { ...section.shared };
    for (const [key, value] of Object.entries(fields)) {
      const shared = merged[key];
      const added = section.pagesMayAdd?.[key];
      if (added && Array.isArray(shared) && Array.isArray(value))
        merged[key] = added === 'first' ? [...value, ...shared] : [...shared, ...value];
      else merged[key] = isPlainObject(shared) && isPlainObject(value) ? { ...shared, ...value } : value;
    }
    return [{ type: section.block, ...(section.id ? { id: section.id } : {}), ...merged }];
  });
  const meta = { ...top.data.meta };
  if (record && typeof record.title === 'string') meta.nav = { ...meta.nav, label: meta.nav?.label ?? record.title };
  const expanded = pageSchema.safeParse(fillRecord({ meta, blocks: expandedBlocks }, record));
  if (!expanded.success) {
    // The page's own fields were checked above: what fails here is the template's shared content.
    for (const issue of expanded.error.issues) {
      push(
        describePath(issue.path, { blocks: expandedBlocks }),
        `${issue.message} (from the ${name} template's shared fields)`,
        `fix ${compiled.display}`,
      );
    }
    return undefined;
  }
  return { doc: expanded.data, record: record as TemplatePage['record'] };
}

/** All orders of sections a page may have: the required ones, plus each optional group, in or out. */
function sectionCombinations(compiled: CompiledTemplate): string[][] {
  const units = new Map<string, string[]>();
  for (const { section, pageWrites } of compiled.sections) {
    if (pageWrites !== 'may') continue;
    const key = section.group ?? `slot:${section.slot}`;
    units.set(key, [...(units.get(key) ?? []), section.slot]);
  }
  const optionalUnits = [...units.values()];
  const combos: string[][] = [];
  for (let mask = 0; mask < 2 ** optionalUnits.length; mask++) {
    const included = new Set(optionalUnits.filter((_, i) => mask & (2 ** i)).flat());
    combos.push(
      compiled.sections
        .filter(({ section, pageWrites }) => pageWrites === 'must' || included.has(section.slot))
        .map(({ section }) => section.slot),
    );
  }
  return combos;
}

/**
 * The JSON Schema editors use for a page on this template (draft 2020-12): the blocks array is one
 * of the allowed sequences, each position knowing its slot's block (`prefixItems`).
 */
export function templatePageJsonSchemaSource(compiled: CompiledTemplate) {
  const sequences = sectionCombinations(compiled).map((slots) =>
    z.tuple(slots.map((slot) => compiled.pageSections.get(slot)!.schema) as unknown as [z.ZodType, ...z.ZodType[]]),
  );
  const record = compiled.template.record;
  return z
    .object({
      $schema: z.string().optional(),
      template: z.literal(compiled.name).describe(compiled.template.description),
      meta: pageMetaSchema,
      ...(record && compiled.recordSchema
        ? { [record.field]: compiled.recordSchema.describe(`This page's ${record.collection} record; its id is the file name`) }
        : {}),
      blocks: (sequences.length === 1 ? sequences[0] : z.union(sequences as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]])).describe(
        `The page's own sections, in this order: ${compiled.sections
          .filter((entry) => entry.pageWrites !== 'never')
          .map((entry) => entry.section.slot)
          .join(', ')}`,
      ),
    })
    .strict();
}
