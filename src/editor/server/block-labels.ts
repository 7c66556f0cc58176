/**
 * The name of a section on the editor's server, as the browser app names it (views/change-words.ts): a block by its
 * label, a template page's section by its template's block, an open area by its slot. Search hits and a
 * translation's texts are worded with it ("FAQ › Item 3 › Question").
 */
import { blockDefinitions } from '../../blocks/generated/blocks';
import type { ContentResult } from '../../engine/load/load-content';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A template's sections as naming needs them: plain data, which a content worker sends with a save. */
export interface TemplateSection {
  slot: string;
  block?: string;
  open?: boolean;
}

/** The sections of the template `doc` is written on, if it is a template page of `result`. */
export function templateSectionsOf(doc: unknown, result: ContentResult | undefined): TemplateSection[] | undefined {
  const template = isRecord(doc) && typeof doc.template === 'string' ? result?.templates.get(doc.template) : undefined;
  return template?.template.sections.map(({ slot, block, open }) => ({ slot, block, open }));
}

/** Names a block: by its type, a template page's section by its slot (from its template), a template's section by its block. */
export function blockLabeller(doc: unknown, result: ContentResult | undefined) {
  return sectionLabeller(templateSectionsOf(doc, result));
}

/** Names a block as blockLabeller does, the template's sections given. */
export function sectionLabeller(sections: TemplateSection[] | undefined) {
  // Only block types: a record's own `type` ("Full-time") is no section.
  const labelOfType = (type: string) =>
    Object.hasOwn(blockDefinitions, type) ? blockDefinitions[type as keyof typeof blockDefinitions].label : undefined;
  return (block: Record<string, unknown>): string | undefined => {
    if (typeof block.type === 'string') return labelOfType(block.type);
    if (typeof block.block === 'string') return labelOfType(block.block);
    if (typeof block.slot === 'string' && sections) {
      const section = sections.find((candidate) => candidate.slot === block.slot);
      if (section?.block) return labelOfType(section.block);
      if (section?.open) return `Open area “${section.slot}”`;
    }
    return undefined;
  };
}
