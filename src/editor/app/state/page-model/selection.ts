/**
 * Where a section of a page document is, and how the page editor names what is selected: a JSON pointer to
 * what the page writes (`/meta`, `/useCase`, `/blocks/2`, `/blocks/1/blocks/0` inside an open area), or
 * `slot:<slot>` for a section only the template gives. Pure functions of pointers and paths.
 */
import { pathOf, pointerOf, type Path } from '../../../shared/json-path';

/** What is selected: `/meta`, `/useCase` (a template page's record), `/blocks/2`, `/blocks/1/blocks/0` (in an open area), `slot:closing` (a section the template gives). */
export type Selection = string;

/** The page's settings (title, description, menu): selected when nothing else is. */
export const PAGE_SETTINGS: Selection = '/meta';

/** A template page's record (its card in a library) is its own field, `/useCase`. */
export const recordKey = (recordField: string): Selection => `/${recordField}`;

// A section the page does not write has no pointer: it is named by its slot, as the preview's marks name it
// (src/editor/server/drafts.ts writes `slot:<slot>` for a block the template gives).
const SLOT_PREFIX = 'slot:';

/** The selection of a section the template gives and the page does not write. */
export const slotKey = (slot: string): Selection => `${SLOT_PREFIX}${slot}`;

/** The slot a `slot:` selection names, or undefined for a pointer into the page. */
export const slotOfKey = (selection: Selection): string | undefined =>
  selection.startsWith(SLOT_PREFIX) ? selection.slice(SLOT_PREFIX.length) : undefined;

/**
 * Whether `path` is a block inside an open area of a template page (`['blocks', 1, 'blocks', 0]`): an area is
 * one entry of the page's blocks, `{ "slot": ..., "blocks": [...] }`, holding the page's own sections.
 */
export const isInOpenArea = (path: Path): boolean =>
  path.length === 4 && path[0] === 'blocks' && typeof path[1] === 'number' && path[2] === 'blocks' && typeof path[3] === 'number';

/** The path of the open area a block inside one belongs to (`['blocks', 1]`). */
export const areaPathOf = (path: Path): Path => path.slice(0, 2);

/** The selection a problem (or a field to show) at `pointer` belongs to: its section, the page settings or the record. */
export function selectionOf(pointer: string, recordField?: string): Selection | undefined {
  const path = pathOf(pointer);
  if (path[0] === 'meta') return PAGE_SETTINGS;
  if (recordField && path[0] === recordField) return recordKey(recordField);
  if (path[0] !== 'blocks' || typeof path[1] !== 'number') return undefined;
  if (path[2] === 'blocks' && typeof path[3] === 'number') return pointerOf(path.slice(0, 4));
  return pointerOf(path.slice(0, 2));
}
