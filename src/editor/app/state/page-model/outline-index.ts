/**
 * What the page editor looks up by selection or by pointer, read from the outline of a page: each section's
 * error count, each section's name (how problems name it), the template's item counts by list, and the page's
 * anchor ids (which links on the page may point to).
 */
import type { TemplateInfo } from '../../../protocol';
import type { ShownProblem } from '../session';
import { getAt, isObject, isUnder, pointerOf } from '../../../shared/json-path';
import { rowsOf, type OutlineEntry } from './outline';
import { PAGE_SETTINGS, recordKey } from './selection';

/** The errors under each selectable part of the page (settings, record, every section), by selection: the outline's badges. */
export function errorCountsOf(
  outline: OutlineEntry[],
  recordField: string | undefined,
  problems: Pick<ShownProblem, 'severity' | 'pointer'>[],
): Record<string, number> {
  const keys = [PAGE_SETTINGS, ...(recordField ? [recordKey(recordField)] : []), ...rowsOf(outline).map((row) => row.key)];
  return Object.fromEntries(
    keys.map((key) => [key, problems.filter((problem) => problem.severity === 'error' && isUnder(problem.pointer, key)).length]),
  );
}

/** What the outline calls each section (on a template page, the template's name for it, an open area by its own), by pointer. */
export function sectionNamesOf(outline: OutlineEntry[]): Record<string, string> {
  return Object.fromEntries(
    outline.flatMap((entry) => [
      ...(entry.path ? [[pointerOf(entry.path), entry.kind === 'area' ? entry.section.label : entry.label]] : []),
      ...(entry.kind === 'area' ? entry.rows.map((row) => [row.key, row.label]) : []),
    ]),
  );
}

/**
 * On a template page, the lists whose item count the template sets, by pointer, with its words ("exactly 4 cards"):
 * the template page's schema holds the limits themselves, these say them as validation does.
 */
export function countWordsOf(outline: OutlineEntry[]): Record<string, string> {
  return Object.fromEntries(
    outline.flatMap((entry) =>
      entry.kind === 'row' && entry.path && entry.section
        ? Object.entries(entry.section.counts).map(([field, count]) => [pointerOf([...entry.path!, field]), count.words])
        : [],
    ),
  );
}

/**
 * The anchor ids the page has: on a template page the template's sections' ids and the ids of the page's own
 * blocks in its open areas (a section's id is the template's); on a plain page every block's id.
 */
export function anchorsOf(doc: unknown, template: TemplateInfo | undefined, outline: OutlineEntry[]): string[] {
  if (!template)
    return ((getAt(doc, ['blocks']) as unknown[] | undefined) ?? []).flatMap((block) =>
      isObject(block) && typeof block.id === 'string' ? [block.id] : [],
    );
  const own = outline
    .flatMap((entry) => (entry.kind === 'area' ? entry.rows : []))
    .flatMap((row) => {
      const id = row.path && getAt(doc, [...row.path, 'id']);
      return typeof id === 'string' ? [id] : [];
    });
  return [...template.sections.flatMap((section) => (section.id ? [section.id] : [])), ...own];
}
