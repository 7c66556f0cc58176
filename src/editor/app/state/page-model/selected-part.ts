/**
 * What a selection of the page editor is, for its form: a section only the template gives (nothing of it in the
 * page), a block the page writes with the schema that block is checked by, or one of the page's own fields (its
 * settings, its record).
 */
import type { JsonSchema, TemplateInfo, TemplateSectionInfo } from '../../../protocol';
import { deref, itemSchemaFor, type Resolved } from '../../form/schema';
import { getAt, isObject, pathOf, type Path } from '../../../shared/json-path';
import { sectionOf } from './blocks';
import { areaPathOf, isInOpenArea, slotOfKey, type Selection } from './selection';

export type SelectedPart =
  /** A section the template gives and the page does not write (`slot:closing`). */
  | { kind: 'given'; section: TemplateSectionInfo | undefined }
  /** A block the page writes, its type (on a template page, its section's block type), and its template section if any. */
  | { kind: 'block'; path: Path; node: Resolved; type: unknown; section: TemplateSectionInfo | undefined }
  /** A field of the page beside its blocks: `/meta`, a template page's record. */
  | { kind: 'field'; path: Path; node: Resolved };

/**
 * The part `selected` names in `doc`, with its schema: a block inside an open area by the area's list of blocks, a
 * block of the page by the page's (which, on a template page, picks a section's schema by its slot).
 */
export function selectedPart(selected: Selection, doc: unknown, template: TemplateInfo | undefined, root: JsonSchema): SelectedPart {
  const slot = slotOfKey(selected);
  if (slot !== undefined) return { kind: 'given', section: sectionOf(template, slot) };
  const path = pathOf(selected);
  const properties = deref(root, root).properties ?? {};
  if (path[0] !== 'blocks') return { kind: 'field', path, node: deref(properties[String(path[0])], root) };
  const value = getAt(doc, path);
  const inArea = isInOpenArea(path);
  const pageBlocks = deref(properties.blocks, root);
  const list = inArea ? deref(itemSchemaFor(pageBlocks, getAt(doc, areaPathOf(path)), root).properties?.blocks, root) : pageBlocks;
  const block = isObject(value) ? value : {};
  // A block in an open area is the page's own: no section of the template is it.
  const section = inArea ? undefined : sectionOf(template, block.slot);
  return { kind: 'block', path, node: itemSchemaFor(list, value, root), type: section?.block ?? block.type, section };
}

/** Whether the page may add its own items to lists of a section the template gives: then its form edits, and writes, the page's own section. */
export const pageMayAddTo = (section: TemplateSectionInfo | undefined): boolean => Object.keys(section?.pagesMayAdd ?? {}).length > 0;
