/**
 * A page on a template: `{ "template": "<name>", "meta": ..., "blocks": [{ "slot": "...", ...its own fields }] }`.
 * Checked against its template with the same pinpointed messages as any page (file, block, field,
 * what the template expected, a hint), then expanded into an ordinary page document: the
 * template's sections in order, each block its shared fields plus the page's own. The expanded page
 * knows where each of its values is written (the page or the template), so a problem found in it
 * later points at the file and field to change.
 */
import { z } from 'zod';
import { schemaReference } from '../../model/fields';
import { pageMetaSchema, pageSchema, type PageDoc } from '../page-schema';
import { problemAt, type JsonPath, type Problem, type SourceDocument } from '../../model/problems';
import { didYouMean } from '../../../lib/did-you-mean';
import { parseDraft } from '../documents/draft-parse';
import type { DocumentCheck } from '../documents/kept-checks';
import { zodIssueToProblem } from '../documents/zod-issues';
import type { CompiledTemplate } from './compile-template';
import { isPlainObject } from '../../../lib/is-plain-object';

interface SlotBlock {
  slot: string;
  [field: string]: unknown;
}

/** Where a value of the expanded page is written. */
interface Origin {
  source: SourceDocument;
  path: JsonPath;
}

export interface TemplatePage {
  doc: PageDoc;
  /** The page's record, with its id (the file name), when the template has one. */
  record?: Record<string, unknown> & { id: string };
  /** Where a path of `doc` is written: in the page, or in the template's shared content. */
  origin: (path: JsonPath) => Origin;
  /** The page as written, with stand-ins for the choices a draft still leaves open (src/engine/load/documents/draft-parse.ts). */
  written: unknown;
}

/** A copy of a JSON value with `change` applied to every string in it, its keys and list lengths kept. */
function mapStrings<T>(value: T, change: (text: string) => string): T {
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return change(node);
    if (Array.isArray(node)) return node.map(walk);
    if (isPlainObject(node)) return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child)]));
    return node;
  };
  return walk(value) as T;
}

/**
 * What the JSON Schema of pages on a template is made from, besides the code: the template less the text of its
 * shared fields (which a page never writes, and a translation changes), and which sections it leaves to pages (a
 * shared text too long in one language leaves that section to the pages).
 */
export const templatePageShape = (compiled: CompiledTemplate) =>
  JSON.stringify([
    compiled.name,
    {
      ...compiled.template,
      sections: compiled.template.sections.map((section) => ({ ...section, shared: mapStrings(section.shared, () => '') })),
    },
    compiled.sections.map((entry) => entry.pageWrites),
  ]);

/**
 * Made once per compiled template, not once per page: making a zod schema costs more than checking a page with it
 * (each page of a template, in each language, made these again: a tenth of `npm run validate`).
 */
function perTemplate<T>(make: (compiled: CompiledTemplate) => T): (compiled: CompiledTemplate) => T {
  const made = new WeakMap<CompiledTemplate, T>();
  return (compiled) => {
    if (!made.has(compiled)) made.set(compiled, make(compiled));
    return made.get(compiled)!;
  };
}

/** The page as the template's JSON Schema and validation see it; its sections are checked slot by slot. */
export const templatePageParts = perTemplate((compiled: CompiledTemplate) => {
  const record = compiled.template.record;
  const top = {
    $schema: schemaReference,
    template: z.literal(compiled.name).describe(compiled.template.description),
    meta: pageMetaSchema,
    ...(record && compiled.recordSchema
      ? { [record.field]: compiled.recordSchema.describe(`This page's ${record.collection} record; its id is the file name`) }
      : {}),
  };
  const written = compiled.sections.filter((entry) => entry.pageWrites !== 'never');
  return {
    top,
    /** The sections a page writes, by slot, in template order. */
    sections: written.map(({ section }) => [section.slot, compiled.pageSections.get(section.slot)!.schema] as [string, z.ZodType]),
    /** Each section's slot, and whether every page must write it. */
    order: written.map(({ section, pageWrites }) => [section.slot, pageWrites === 'must'] as [string, boolean]),
  };
});

/** A template page's own fields, and its blocks as a list of slots (each block is checked against its section's schema). */
const topSchemaOf = perTemplate((compiled: CompiledTemplate) =>
  z.object({ ...templatePageParts(compiled).top, blocks: z.array(z.object({ slot: z.string() }).loose()).min(1) }).strict(),
);

/** The top of a template page without its blocks, as its text is read for translation (src/engine/load/i18n/content-texts.ts). */
export const templatePageTopSchema = perTemplate((compiled: CompiledTemplate) => z.object(templatePageParts(compiled).top));

/** `{record.title}` -> the record's value, in every string of `value`. */
function fillRecord<T>(value: T, record: Record<string, unknown> | undefined): T {
  if (!record) return value;
  return mapStrings(value, (text) =>
    text.replace(/\{record\.(\w+)\}/g, (match, field: string) => (field in record ? String(record[field]) : match)),
  );
}

/** The source document of a template page: its sections are named by slot and block type, `(benefits, CardGrid)`. */
export function templatePageSource(file: string, doc: unknown, compiled: CompiledTemplate): SourceDocument {
  return {
    file,
    doc,
    slotBlock: (slot) => {
      const section = compiled.template.sections.find((candidate) => candidate.slot === slot);
      return section && (section.block ?? 'open area');
    },
  };
}

/**
 * The template's sections in order, each its shared fields first, then the page's own; and for each expanded block,
 * where a path in it is written (the page or the template).
 */
function expandSections(compiled: CompiledTemplate, page: SourceDocument, blocks: SlotBlock[]) {
  const templateSource: SourceDocument = { file: compiled.display, doc: compiled.template };
  const expandedBlocks: object[] = [];
  const blockOrigins: ((rest: JsonPath) => Origin)[] = [];
  compiled.sections.forEach(({ section, filledByTemplate }, sectionIndex) => {
    const ownIndex = blocks.findIndex((block) => block.slot === section.slot);
    const own = blocks[ownIndex];
    if (!filledByTemplate && !own) return;
    const inPage = (path: JsonPath): Origin => ({ source: page, path: ['blocks', ownIndex, ...path] });
    const inTemplate = (path: JsonPath): Origin => ({ source: templateSource, path: ['sections', sectionIndex, ...path] });
    if (section.open) {
      (own.blocks as object[]).forEach((block, j) => {
        expandedBlocks.push(block);
        blockOrigins.push((rest) => inPage(['blocks', j, ...rest]));
      });
      return;
    }
    const fields: Record<string, unknown> = { ...own };
    delete fields.slot;
    const shared = section.shared ?? {};
    const merged: Record<string, unknown> = { ...shared };
    for (const [key, value] of Object.entries(fields)) {
      const sharedValue = merged[key];
      const added = section.pagesMayAdd?.[key];
      if (added && Array.isArray(sharedValue) && Array.isArray(value))
        merged[key] = added === 'first' ? [...value, ...sharedValue] : [...sharedValue, ...value];
      else merged[key] = isPlainObject(sharedValue) && isPlainObject(value) ? { ...sharedValue, ...value } : value;
    }
    expandedBlocks.push({ type: section.block, ...(section.id ? { id: section.id } : {}), ...merged });
    blockOrigins.push(([key, ...rest]): Origin => {
      if (key === undefined) return own ? inPage([]) : inTemplate([]);
      if (key === 'type' || (key === 'id' && section.id)) return inTemplate([key]);
      const ownValue = fields[key as string];
      const sharedValue = shared[key as string];
      const added = section.pagesMayAdd?.[key as string];
      if (added && Array.isArray(ownValue) && Array.isArray(sharedValue) && typeof rest[0] === 'number') {
        const [index, ...deeper] = rest;
        const first = added === 'first' ? ownValue : sharedValue;
        const inFirst = index < first.length;
        const fromPage = inFirst === (added === 'first');
        const at = inFirst ? index : index - first.length;
        return fromPage ? inPage([key, at, ...deeper]) : inTemplate(['shared', key, at, ...deeper]);
      }
      const ownHas = ownValue !== undefined && (!isPlainObject(ownValue) || rest[0] === undefined || (rest[0] as string) in ownValue);
      return ownHas ? inPage([key, ...rest]) : inTemplate(['shared', key, ...rest]);
    });
  });
  return { expandedBlocks, blockOrigins };
}

/** Where a path of the expanded page is written. */
function originIn(compiled: CompiledTemplate, page: SourceDocument, blocks: SlotBlock[], ownNavLabel: boolean) {
  const { blockOrigins } = expandSections(compiled, page, blocks);
  const recordField = compiled.template.record?.field;
  return (path: JsonPath): Origin => {
    const [key, index, ...rest] = path;
    if (key === 'blocks' && typeof index === 'number' && blockOrigins[index]) return blockOrigins[index](rest);
    if (key === 'meta' && index === 'nav' && rest[0] === 'label' && !ownNavLabel && recordField)
      return { source: page, path: [recordField, 'title'] };
    return { source: page, path };
  };
}

export function checkTemplatePage(
  raw: unknown,
  compiled: CompiledTemplate,
  file: string,
  display: string,
  problems: Problem[],
): TemplatePage | undefined {
  const checked = checkTemplatePageAnew(raw, compiled, file, display);
  problems.push(...checked.problems);
  return checked.value && { ...templatePageOf(raw, compiled, display, checked.value), written: checked.value.written };
}

/**
 * A template page's check as plain JSON, which `npm run validate` may keep across runs (../documents/kept-checks.ts):
 * where each value of the page is written is found again from its blocks (templatePageOf).
 */
export interface TemplatePageCheck {
  doc: PageDoc;
  record?: TemplatePage['record'];
  /** The page's blocks as checked, with their stand-ins. */
  blocks: SlotBlock[];
  /** The page names its menu entry itself (else its record's title does). */
  ownNavLabel: boolean;
}

/** The page on its template: checked against it, then expanded (its problems, and no value, when it fails). */
export function checkTemplatePageAnew(
  raw: unknown,
  compiled: CompiledTemplate,
  file: string,
  display: string,
): DocumentCheck<TemplatePageCheck & Pick<TemplatePage, 'written'>> {
  const problems: Problem[] = [];
  const failed = { value: undefined, problems };
  const { name, template } = compiled;
  const page = templatePageSource(display, raw, compiled);
  const push = (path: JsonPath, message: string, hint: string) => problems.push(problemAt(page, path, message, { hint }));
  const parts = templatePageParts(compiled);
  const topSchema = topSchemaOf(compiled);
  // Placeholder text a draft holds for a choice (its record's industry, say) is read as a stand-in.
  const { parsed: top, value: drafted } = parseDraft(topSchema, raw);
  if (!top.success) {
    for (const issue of top.error.issues) problems.push(zodIssueToProblem(issue, page, { schema: topSchema }));
    return failed;
  }
  const blocks = [...(top.data.blocks as SlotBlock[])];
  const order = template.sections.map((entry) => entry.slot);
  const sectionList = (slots: string[]) =>
    slots.map((slot) => `${slot} (${template.sections.find((s) => s.slot === slot)!.block ?? 'open area'})`).join(', ');
  const pageSlots = parts.order.map(([slot]) => slot);

  // Each block: a known slot the page fills, once, in template order, valid for its block.
  const seen = new Map<string, number>();
  blocks.forEach((block, index) => {
    const slotPath = ['blocks', index, 'slot'];
    const entry = compiled.sections.find((candidate) => candidate.section.slot === block.slot);
    if (!entry)
      return push(
        slotPath,
        `unknown slot "${block.slot}" for the ${name} template`,
        `${didYouMean(block.slot, pageSlots)}its sections: ${sectionList(pageSlots)}`,
      );
    if (entry.pageWrites === 'never')
      return push(
        slotPath,
        `the ${name} template fills the "${block.slot}" section itself`,
        'remove this block: every page of this kind gets it from the template',
      );
    if (seen.has(block.slot)) return push(slotPath, `a second "${block.slot}" section`, `blocks[${seen.get(block.slot)}] already fills it`);
    const previous = blocks[index - 1];
    if (previous && seen.has(previous.slot) && order.indexOf(block.slot) < order.indexOf(previous.slot)) {
      push(
        ['blocks', index],
        `the ${name} template puts "${block.slot}" before "${previous.slot}"`,
        `the order is: ${sectionList(pageSlots)}`,
      );
    }
    seen.set(block.slot, index);
    const pageSection = compiled.pageSections.get(block.slot)!;
    const { parsed, value } = parseDraft(pageSection.schema, block);
    if (parsed.success) {
      blocks[index] = value as SlotBlock; // with its stand-ins, as the page expands
      return;
    }
    for (const issue of parsed.error.issues) {
      const problem = zodIssueToProblem(issue, page, { schema: pageSection.schema, basePath: ['blocks', index] });
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
  });

  // Every required section is there; a group is all there or not at all.
  for (const { section, pageWrites } of compiled.sections) {
    if (pageWrites !== 'must' || seen.has(section.slot)) continue;
    push(
      ['blocks'],
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
        ['blocks'],
        `the "${group}" sections of the ${name} template come together: ${members.join(', ')}`,
        `add ${members.filter((slot) => !seen.has(slot)).join(', ')}, or remove ${present.join(', ')}`,
      );
    }
  }
  if (problems.length) return failed;

  // Expand: the template's sections in order, shared fields first, then the page's own.
  const recordField = template.record?.field;
  const recordId = file.replace(/^.*\//, '').replace(/\.json$/, '');
  const record: Record<string, unknown> | undefined = recordField
    ? { id: recordId, ...(top.data as unknown as Record<string, Record<string, unknown>>)[recordField] }
    : undefined;
  const meta = { ...top.data.meta };
  if (record && typeof record.title === 'string') meta.nav = { ...meta.nav, label: meta.nav?.label ?? record.title };
  const ownNavLabel = Boolean(top.data.meta.nav?.label);
  const { expandedBlocks } = expandSections(compiled, page, blocks);
  const origin = originIn(compiled, page, blocks, ownNavLabel);
  const expanded = pageSchema.safeParse(fillRecord({ meta, blocks: expandedBlocks }, record));
  if (!expanded.success) {
    // The page's own fields were checked above: what fails here is the template's shared content.
    for (const issue of expanded.error.issues) {
      const at = origin(issue.path);
      problems.push(
        problemAt(at.source, at.path, `${issue.message} (from the ${name} template's shared fields)`, { hint: `fix ${compiled.display}` }),
      );
    }
    return failed;
  }
  const value = {
    doc: expanded.data,
    record: record as TemplatePage['record'],
    written: { ...(drafted as object), blocks },
    blocks,
    ownNavLabel,
  };
  return { value, problems };
}

/** The page a check found valid, with where each of its values is written. */
export function templatePageOf(
  raw: unknown,
  compiled: CompiledTemplate,
  display: string,
  check: TemplatePageCheck,
): Omit<TemplatePage, 'written'> {
  const { doc, record, blocks, ownNavLabel } = check;
  return { doc, record, origin: originIn(compiled, templatePageSource(display, raw, compiled), blocks, ownNavLabel) };
}
