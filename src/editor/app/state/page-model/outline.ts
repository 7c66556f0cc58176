/**
 * The outline of a page document, as the page editor lists it: its sections in order (on a template page,
 * the template's sections, each written by the page, given by the template, or left out, and its open areas
 * with the page's own sections in them), what each is called, and what may be moved and removed.
 */
import type { SiteVocabulary, TemplateInfo, TemplateSectionInfo } from '../../../protocol';
import { isObject, pointerOf, type Path } from '../../../shared/json-path';
import { blocksOf, type Block } from './blocks';
import { slotKey, type Selection } from './selection';

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
        key: slotKey(section.slot),
        title: titleOf(section.shared),
        removable: false,
        fromTemplate: true,
      };
    return { kind: 'row', ...shared, key: slotKey(section.slot), removable: false, absent: true };
  });
}

export const outlineOf = (doc: unknown, template: TemplateInfo | undefined, vocabulary: SiteVocabulary) =>
  template ? templateOutline(doc, template, vocabulary) : plainOutline(doc, vocabulary);

/** Every section row in page order, the open areas' own in their place: what can be selected besides the settings and record. */
export const rowsOf = (outline: OutlineEntry[]): SectionRow[] => outline.flatMap((entry) => (entry.kind === 'row' ? [entry] : entry.rows));

/** How a section is named to people (the Undo notice, a move handle): its label and its own title. */
export const rowName = (row: SectionRow) => `${row.label}${row.title ? `: ${row.title}` : ''}`;
