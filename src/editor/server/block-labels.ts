/**
 * The name of a section on the editor's server, as the browser app names it (views/change-words.ts): a block by its
 * label, a template page's section by its template's block, an open area by its slot. Search hits and a
 * translation's texts are worded with it ("FAQ › Item 3 › Question").
 */
import { blockDefinitions } from '../../blocks/generated/blocks';
import type { ContentResult } from '../../engine/load/load-content';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Names a block: by its type, a template page's section by its slot (from its template), a template's section by its block. */
export function blockLabeller(doc: unknown, result: ContentResult | undefined) {
  const template = isRecord(doc) && typeof doc.template === 'string' ? result?.templates.get(doc.template) : undefined;
  // Only block types: a record's own `type` ("Full-time") is no section.
  const labelOfType = (type: string) =>
    Object.hasOwn(blockDefinitions, type) ? blockDefinitions[type as keyof typeof blockDefinitions].label : undefined;
  return (block: Record<string, unknown>): string | undefined => {
    if (typeof block.type === 'string') return labelOfType(block.type);
    if (typeof block.block === 'string') return labelOfType(block.block);
    if (typeof block.slot === 'string' && template) {
      const section = template.template.sections.find((candidate) => candidate.slot === block.slot);
      if (section?.block) return labelOfType(section.block);
      if (section?.open) return `Open area “${section.slot}”`;
    }
    return undefined;
  };
}
