/**
 * The edits the page editor makes to a page document, each a named action: a pure function from the document
 * (and its template) to the next document and what to select in it, or undefined where the template does not
 * allow it. The template decides on a page written on one: its sections keep their order, only its optional ones
 * are added and removed, and the page's own blocks go into its open areas (`{ "slot": ..., "blocks": [...] }`).
 */
import type { JsonSchema, SiteVocabulary, TemplateInfo } from '../../../protocol';
import { getAt, isObject, moveItem, pathOf, pointerOf, setAt, updateList, type Path } from '../../../shared/json-path';
import { blocksOf, sectionOf, type Block } from './blocks';
import { newSection } from './new-block';
import { areaPathOf, isInOpenArea, PAGE_SETTINGS, type Selection } from './selection';

/** What an edit makes: the next document, and the section to select in it. */
export interface Edit {
  doc: unknown;
  selected: Selection;
}

/** Where a block goes: at `index` of the list at `list`; into an open area, that area's slot (the page may not have it yet). */
export interface Place {
  list: Path;
  index: number;
  area?: string;
}

/** The path that stands for a section the page does not write yet (an open area, a shared section): it has no index until written. */
export const NOT_WRITTEN: Path = ['blocks', -1];

/** Where a section of `slot` goes in the page's blocks: after every section the template puts before it. */
function insertIndexFor(doc: unknown, template: TemplateInfo, slot: string): number {
  const order = template.sections.map((section) => section.slot);
  return blocksOf(doc).filter((block) => order.indexOf(String(block.slot)) < order.indexOf(slot)).length;
}

/** Where "Add a section" puts a block on a page without a template (of `count` sections): after the selected section, else at the end. */
export function placeAfter(selected: Selection, count: number): Place {
  const path = pathOf(selected);
  return { list: ['blocks'], index: path[0] === 'blocks' && typeof path[1] === 'number' ? path[1] + 1 : count };
}

/** Where "Add a section here" puts a block in an open area: at its end (`areaPath` is undefined while the page has no such area). */
export const openAreaPlace = (areaPath: Path | undefined, count: number, slot: string): Place => ({
  list: [...(areaPath ?? NOT_WRITTEN), 'blocks'],
  index: count,
  area: slot,
});

/**
 * Inserts `block` at `place`. Into an open area the page has nothing in yet, the area itself is added, in the
 * template's order, holding the block: a page writes an area only when it has something in it. On a template
 * page a block goes only into one of its open areas: the template fixes every other section.
 */
export function insertBlock(doc: unknown, template: TemplateInfo | undefined, place: Place, block: Block): Edit | undefined {
  const { list, index, area } = place;
  if (template && !(area && sectionOf(template, area)?.open)) return undefined;
  if (template && area && !getAt(doc, list)) {
    const at = insertIndexFor(doc, template, area);
    return {
      doc: updateList(doc, ['blocks'], (blocks) => blocks.splice(at, 0, { slot: area, blocks: [block] })),
      selected: pointerOf(['blocks', at, 'blocks', 0]),
    };
  }
  return { doc: updateList(doc, list, (items) => items.splice(index, 0, block)), selected: pointerOf([...list, index]) };
}

/** Moves a section within its list. On a template page only inside an open area: the template fixes the order of the rest. */
export function moveSection(doc: unknown, template: TemplateInfo | undefined, list: Path, from: number, to: number): Edit | undefined {
  if (template && !isInOpenArea([...list, from])) return undefined;
  return { doc: moveItem(doc, list, from, to), selected: pointerOf([...list, to]) };
}

/**
 * Removes the section at `path`, then the page's settings are selected. An optional section of the template takes
 * the rest of its group with it (they go together); the last block of an open area takes the area with it (an area
 * holds at least one block). A section the template requires stays.
 */
export function removeSection(doc: unknown, template: TemplateInfo | undefined, path: Path): Edit | undefined {
  if (isInOpenArea(path)) {
    const areaPath = areaPathOf(path);
    const inner = getAt(doc, [...areaPath, 'blocks']);
    if (Array.isArray(inner) && inner.length <= 1) return removeSection(doc, template, areaPath);
    return { doc: updateList(doc, [...areaPath, 'blocks'], (items) => items.splice(path[3] as number, 1)), selected: PAGE_SETTINGS };
  }
  const [, index] = path;
  // Read as the outline reads the blocks (blocksOf), so what it offers to remove is what is removed here.
  const section = sectionOf(template, blocksOf(doc)[index as number]?.slot);
  if (section && !section.optional) return undefined;
  const group = section?.group;
  const slots = group ? template!.sections.filter((candidate) => candidate.group === group).map((candidate) => candidate.slot) : [];
  const next = updateList(doc, ['blocks'], (list) => {
    for (let i = list.length - 1; i >= 0; i--) {
      const candidate = list[i];
      if (i === index || (isObject(candidate) && slots.includes(String(candidate.slot)))) list.splice(i, 1);
    }
  });
  return { doc: next, selected: PAGE_SETTINGS };
}

/**
 * Adds the page's own section of `slot`, drafted from its block's example, and the other sections of its group (they
 * go together), each in the template's order; the section is selected. Open areas take blocks with insertBlock.
 */
export function addSection(
  doc: unknown,
  template: TemplateInfo,
  slot: string,
  schema: JsonSchema,
  vocabulary: SiteVocabulary,
): Edit | undefined {
  const section = sectionOf(template, slot);
  if (!section || section.open) return undefined;
  const members = section.group ? template.sections.filter((candidate) => candidate.group === section.group) : [section];
  let next = doc;
  for (const member of members) {
    if (blocksOf(next).some((block) => block.slot === member.slot)) continue;
    const index = insertIndexFor(next, template, member.slot);
    next = updateList(next, ['blocks'], (list) => list.splice(index, 0, newSection(member, schema, vocabulary)));
  }
  // Where the section is once its whole group is in (a member before it moves it down).
  const at = blocksOf(next).findIndex((block) => block.slot === slot);
  return { doc: next, selected: pointerOf(['blocks', at]) };
}

/**
 * A change to a section the template gives, in a list the page may add its own items to (`pagesMayAdd`): the
 * page's own section of `slot` is written, in the template's order, with the change in it. `fieldPath` is the
 * field's path under NOT_WRITTEN, as the form of the unwritten section names it.
 */
export function writeGivenSection(doc: unknown, template: TemplateInfo, slot: string, fieldPath: Path, value: unknown): unknown {
  const at = insertIndexFor(doc, template, slot);
  const withBlock = updateList(doc, ['blocks'], (blocks) => blocks.splice(at, 0, { slot }));
  return setAt(withBlock, ['blocks', at, ...fieldPath.slice(NOT_WRITTEN.length)], value);
}
