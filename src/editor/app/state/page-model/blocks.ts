/**
 * The blocks of a page document and the template's sections they fill, read defensively: a draft being typed
 * may hold anything.
 */
import type { TemplateInfo, TemplateSectionInfo } from '../../../protocol';
import { getAt, isObject } from '../../../shared/json-path';

export type Block = Record<string, unknown>;

/** The page's blocks that are objects (a draft's JSON may put anything in the list). */
export const blocksOf = (doc: unknown): Block[] => {
  const blocks = getAt(doc, ['blocks']);
  return Array.isArray(blocks) ? blocks.filter(isObject) : [];
};

/** The template's section of `slot` (none on a page without a template, or for a slot it does not have). */
export const sectionOf = (template: TemplateInfo | undefined, slot: unknown): TemplateSectionInfo | undefined =>
  template?.sections.find((section) => section.slot === slot);
