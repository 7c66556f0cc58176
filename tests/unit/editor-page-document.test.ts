/**
 * The page editor's model of a page document (src/editor/app/state/page-model/), on the site's real pages and
 * templates: a plain page's sections are inserted, moved and removed freely; on a template page blocks go into open
 * areas (an area the page lacks is written with its first block), the template's fixed sections are neither moved
 * nor removed, an optional group comes and goes whole, and a drafted section holds the template's item counts; and
 * a selection names a section and back.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent, type ContentResult } from '../../src/engine/load/load-content';
import type { DocumentPayload, SiteVocabulary } from '../../src/editor/protocol';
import { documentPayload, siteVocabulary } from '../../src/editor/server/documents';
import { getAt, pathOf, pointerOf } from '../../src/editor/shared/json-path';
import {
  addSection,
  insertBlock,
  moveSection,
  NOT_WRITTEN,
  openAreaPlace,
  placeAfter,
  removeSection,
  writeGivenSection,
} from '../../src/editor/app/state/page-model/actions';
import { newBlock } from '../../src/editor/app/state/page-model/new-block';
import { outlineOf, rowsOf } from '../../src/editor/app/state/page-model/outline';
import { anchorsOf, countWordsOf, errorCountsOf } from '../../src/editor/app/state/page-model/outline-index';
import { selectedPart } from '../../src/editor/app/state/page-model/selected-part';
import { isInOpenArea, PAGE_SETTINGS, selectionOf, slotKey, slotOfKey } from '../../src/editor/app/state/page-model/selection';

const CONTENT = join(import.meta.dirname, '..', '..', 'pages-json');

let content: ContentResult;
let vocabulary: SiteVocabulary;
beforeAll(() => {
  content = loadContent(CONTENT);
  vocabulary = siteVocabulary(content, CONTENT);
});

/** A document as the editor opens it: the page, its schema and its template. */
const open = (file: string): DocumentPayload => documentPayload(CONTENT, file, (name) => `pages-json/${name}`, content, []);

/** The slots (or, on a plain page, types) of the page's blocks in order, an open area with its blocks' types. */
const sectionsOf = (doc: unknown) =>
  ((getAt(doc, ['blocks']) as Record<string, unknown>[]) ?? []).map((block) =>
    Array.isArray(block.blocks)
      ? `${block.slot}[${block.blocks.map((inner: { type: string }) => inner.type).join(',')}]`
      : (block.slot ?? block.type),
  );

describe('a page without a template', () => {
  let page: DocumentPayload;
  beforeAll(() => {
    page = open('story.json');
    expect(page.template).toBeUndefined();
  });

  it('lists every block as a section that can be moved and removed', () => {
    const outline = outlineOf(page.doc, undefined, vocabulary);
    expect(outline.map((entry) => entry.kind === 'row' && [entry.key, entry.label, entry.movable, entry.removable])).toEqual([
      ['/blocks/0', 'Hero', true, true],
      ['/blocks/1', 'Prose', true, true],
      ['/blocks/2', 'Card grid', true, true],
      ['/blocks/3', 'Stat band', true, true],
      ['/blocks/4', 'Call to action', true, true],
    ]);
    expect(anchorsOf(page.doc, undefined, outline)).toEqual(['why', 'beliefs', 'facts']);
  });

  it('inserts a block after the selected section, or at the end with none selected, and selects it', () => {
    const block = newBlock('FAQ', vocabulary);
    const after = insertBlock(page.doc, undefined, placeAfter('/blocks/1', 5), block)!;
    expect(sectionsOf(after.doc)).toEqual(['Hero', 'Prose', 'FAQ', 'CardGrid', 'StatBand', 'CallToAction']);
    expect(after.selected).toBe('/blocks/2');
    expect(getAt(after.doc, ['blocks', 2])).toBe(block);
    const atEnd = insertBlock(page.doc, undefined, placeAfter(PAGE_SETTINGS, 5), block)!;
    expect(sectionsOf(atEnd.doc).at(-1)).toBe('FAQ');
    expect(atEnd.selected).toBe('/blocks/5');
    // The document itself is never changed: the session keeps it for undo.
    expect(sectionsOf(page.doc)).toEqual(['Hero', 'Prose', 'CardGrid', 'StatBand', 'CallToAction']);
  });

  it('drafts a new block from its example without the example’s anchor id', () => {
    const example = vocabulary.blocks.find((block) => block.type === 'CardGrid')!.example;
    expect(example.id).toBeDefined();
    const block = newBlock('CardGrid', vocabulary);
    expect(block.id).toBeUndefined();
    expect(block).toMatchObject({ type: 'CardGrid', heading: example.heading });
  });

  it('moves a section and selects it where it went', () => {
    const moved = moveSection(page.doc, undefined, ['blocks'], 4, 0)!;
    expect(sectionsOf(moved.doc)).toEqual(['CallToAction', 'Hero', 'Prose', 'CardGrid', 'StatBand']);
    expect(moved.selected).toBe('/blocks/0');
  });

  it('removes a section, then the page settings are selected', () => {
    const removed = removeSection(page.doc, undefined, ['blocks', 1])!;
    expect(sectionsOf(removed.doc)).toEqual(['Hero', 'CardGrid', 'StatBand', 'CallToAction']);
    expect(removed.selected).toBe(PAGE_SETTINGS);
  });
});

describe('a page on a template', () => {
  let collections: DocumentPayload;
  let upsell: DocumentPayload;
  let comparison: DocumentPayload;
  beforeAll(() => {
    collections = open('use-cases/collections.json');
    upsell = open('use-cases/upsell-campaigns.json');
    comparison = open('compare/reachwell-vs-ecommerce-email.json');
    expect([collections.template?.name, upsell.template?.name, comparison.template?.name]).toEqual(['use-case', 'use-case', 'comparison']);
  });

  it('lists the template’s sections in its order: fixed ones locked, optional ones removable, open areas with the page’s own', () => {
    const outline = outlineOf(collections.doc, collections.template, vocabulary);
    expect(
      outline.map((entry) =>
        entry.kind === 'area' ? [entry.section.slot, entry.rows.map((row) => row.key)] : [entry.key, entry.movable, entry.removable],
      ),
    ).toEqual([
      ['/blocks/0', false, false],
      ['more-after-hero', ['/blocks/1/blocks/0']],
      ['/blocks/2', false, false],
      ['/blocks/3', false, false],
      ['more-after-capabilities', [0, 1, 2, 3, 4, 5, 6].map((j) => `/blocks/4/blocks/${j}`)],
      ['/blocks/5', false, true],
      // The page writes its own closing (its buttons beside the template's): still the template's, so it stays.
      ['/blocks/6', false, false],
    ]);
    expect(
      rowsOf(outline)
        .filter((row) => row.key.includes('/blocks/4/'))
        .every((row) => row.movable && row.removable),
    ).toBe(true);
  });

  it('inserts a block at the end of an open area the page has, and selects it there', () => {
    const outline = outlineOf(collections.doc, collections.template, vocabulary);
    const area = outline.find((entry) => entry.kind === 'area' && entry.section.slot === 'more-after-hero');
    if (area?.kind !== 'area') throw new Error('no open area more-after-hero');
    const added = insertBlock(
      collections.doc,
      collections.template,
      openAreaPlace(area.path, area.rows.length, 'more-after-hero'),
      newBlock('FAQ', vocabulary),
    )!;
    expect(sectionsOf(added.doc).slice(0, 3)).toEqual(['hero', 'more-after-hero[StatBand,FAQ]', 'benefits']);
    expect(added.selected).toBe('/blocks/1/blocks/1');
  });

  it('writes an open area the page lacks, in the template’s order, holding the new block', () => {
    const outline = outlineOf(upsell.doc, upsell.template, vocabulary);
    const area = outline.find((entry) => entry.kind === 'area' && entry.section.slot === 'more-after-capabilities');
    if (area?.kind !== 'area') throw new Error('no open area more-after-capabilities');
    expect(area.path).toBeUndefined();
    const place = openAreaPlace(area.path, area.rows.length, 'more-after-capabilities');
    expect(place.list).toEqual([...NOT_WRITTEN, 'blocks']);
    const added = insertBlock(upsell.doc, upsell.template, place, newBlock('StatBand', vocabulary))!;
    expect(sectionsOf(added.doc)).toEqual(['hero', 'benefits', 'capabilities', 'more-after-capabilities[StatBand]', 'beyond-generic']);
    expect(getAt(added.doc, ['blocks', 3])).toEqual({ slot: 'more-after-capabilities', blocks: [newBlock('StatBand', vocabulary)] });
    expect(added.selected).toBe('/blocks/3/blocks/0');
  });

  it('refuses a block anywhere but an open area: the template fixes every other section', () => {
    const block = newBlock('FAQ', vocabulary);
    expect(insertBlock(upsell.doc, upsell.template, { list: ['blocks'], index: 1 }, block)).toBeUndefined();
    expect(insertBlock(upsell.doc, upsell.template, { list: ['blocks'], index: 1, area: 'benefits' }, block)).toBeUndefined();
  });

  it('moves the page’s own sections inside an open area, never the template’s', () => {
    const moved = moveSection(collections.doc, collections.template, ['blocks', 4, 'blocks'], 6, 0)!;
    expect(sectionsOf(moved.doc)[4]).toBe('more-after-capabilities[Checklist,CardGrid,CardGrid,CardGrid,CardGrid,CardGrid,StatBand]');
    expect(moved.selected).toBe('/blocks/4/blocks/0');
    expect(moveSection(collections.doc, collections.template, ['blocks'], 0, 2)).toBeUndefined();
    expect(moveSection(comparison.doc, comparison.template, ['blocks'], 1, 2)).toBeUndefined();
  });

  it('refuses to remove a section the template requires', () => {
    for (const index of [0, 2, 3]) expect(removeSection(collections.doc, collections.template, ['blocks', index])).toBeUndefined();
    expect(removeSection(comparison.doc, comparison.template, ['blocks', 0])).toBeUndefined();
  });

  it('removes an optional section, and an optional group as a whole', () => {
    const removed = removeSection(upsell.doc, upsell.template, ['blocks', 3])!;
    expect(sectionsOf(removed.doc)).toEqual(['hero', 'benefits', 'capabilities']);
    expect(removed.selected).toBe(PAGE_SETTINGS);
    const withGroup = open('compare/reachwell-vs-email-api.json');
    const cost = sectionsOf(withGroup.doc).indexOf('cost');
    const group = removeSection(withGroup.doc, withGroup.template, ['blocks', cost])!;
    expect(sectionsOf(group.doc)).toEqual(['hero', 'why-switch', 'comparison', 'migration']);
  });

  it('removes a block of an open area, and the area with its last block', () => {
    const one = removeSection(collections.doc, collections.template, ['blocks', 4, 'blocks', 2])!;
    expect(sectionsOf(one.doc)[4]).toBe('more-after-capabilities[CardGrid,CardGrid,CardGrid,CardGrid,StatBand,Checklist]');
    const last = removeSection(collections.doc, collections.template, ['blocks', 1, 'blocks', 0])!;
    expect(sectionsOf(last.doc).slice(0, 2)).toEqual(['hero', 'benefits']);
    expect(last.selected).toBe(PAGE_SETTINGS);
  });

  it('adds an optional section with the rest of its group, in the template’s order, within the template’s item counts', () => {
    const { doc, template, schema } = comparison;
    const added = addSection(doc, template!, 'why-choose', schema, vocabulary)!;
    expect(sectionsOf(added.doc)).toEqual([
      'hero',
      'why-switch',
      'why-choose',
      'comparison',
      'choose-product',
      'choose-alternative',
      'cost',
      'migration',
    ]);
    expect(added.selected).toBe('/blocks/2');
    // CardGrid's example has 2 cards; the template asks for exactly 3 in why-choose, and in key-differences.
    expect(getAt(added.doc, ['blocks', 2, 'cards'])).toHaveLength(3);
    const alone = addSection(doc, template!, 'key-differences', schema, vocabulary)!;
    expect(sectionsOf(alone.doc)).toEqual(['hero', 'why-switch', 'key-differences', 'comparison', 'migration']);
    expect(getAt(alone.doc, ['blocks', 2, 'cards'])).toHaveLength(3);
    expect(getAt(alone.doc, ['blocks', 2, 'slot'])).toBe('key-differences');
    expect(addSection(doc, template!, 'no-such-slot', schema, vocabulary)).toBeUndefined();
  });

  it('selects the section asked for when its group adds sections before it', () => {
    const { doc, template, schema } = comparison;
    const added = addSection(doc, template!, 'cost', schema, vocabulary)!;
    expect(getAt(added.doc, [...pathOf(added.selected), 'slot'])).toBe('cost');
  });

  it('says each list’s item count as the template does, and forms the section with those limits', () => {
    const page = open('use-cases/upsell-campaigns.json');
    const outline = outlineOf(page.doc, page.template, vocabulary);
    expect(countWordsOf(outline)).toEqual({
      '/blocks/1/cards': 'exactly 4 cards',
      '/blocks/2/items': 'exactly 6 items',
      '/blocks/3/cards': 'exactly 3 cards',
    });
    expect(countWordsOf(outlineOf(open('story.json').doc, undefined, vocabulary))).toEqual({});
    const benefits = selectedPart('/blocks/1', page.doc, page.template, page.schema);
    if (benefits.kind !== 'block') throw new Error('benefits is not a block');
    expect(benefits.section?.slot).toBe('benefits');
    expect(benefits.node.properties?.cards).toMatchObject({ minItems: 4, maxItems: 4 });
  });

  it('writes the page’s own section when a list the template shares is added to', () => {
    const buttons = [{ label: 'Book a demo', href: '/demo' }];
    const next = writeGivenSection(upsell.doc, upsell.template!, 'closing', [...NOT_WRITTEN, 'buttons'], buttons);
    expect(sectionsOf(next)).toEqual(['hero', 'benefits', 'capabilities', 'beyond-generic', 'closing']);
    expect(getAt(next, ['blocks', 4])).toEqual({ slot: 'closing', buttons });
  });
});

describe('selection keys', () => {
  it('name every section of a page and come back from a pointer inside it', () => {
    for (const file of ['story.json', 'use-cases/collections.json', 'compare/reachwell-vs-email-api.json']) {
      const page = open(file);
      for (const row of rowsOf(outlineOf(page.doc, page.template, vocabulary))) {
        const slot = slotOfKey(row.key);
        if (slot !== undefined) {
          expect(slotKey(slot)).toBe(row.key);
          expect(row.path).toBeUndefined();
          expect(selectedPart(row.key, page.doc, page.template, page.schema)).toMatchObject({ kind: 'given', section: { slot } });
          continue;
        }
        expect(row.key).toBe(pointerOf(row.path!));
        expect(selectionOf(row.key)).toBe(row.key);
        expect(selectionOf(`${row.key}/heading`)).toBe(row.key);
        expect(selectionOf(`${row.key}/cards/2/title`)).toBe(row.key);
        expect(isInOpenArea(row.path!)).toBe(row.key.split('/').length === 5);
      }
    }
  });

  it('name the page settings and the record, and nothing else of the page', () => {
    expect(selectionOf('/meta/title')).toBe(PAGE_SETTINGS);
    expect(selectionOf('/useCase/summary', 'useCase')).toBe('/useCase');
    expect(selectionOf('/useCase/summary')).toBeUndefined();
    expect(selectionOf('/template')).toBeUndefined();
    expect(slotOfKey('/blocks/1')).toBeUndefined();
  });

  it('tell a block in an open area from a block of the page and its lists', () => {
    expect(isInOpenArea(['blocks', 1, 'blocks', 0])).toBe(true);
    expect(isInOpenArea(['blocks', 1])).toBe(false);
    expect(isInOpenArea(['blocks', 1, 'cards', 0])).toBe(false);
    const page = open('use-cases/collections.json');
    // A block of an open area is the page's own: its form is its block type's, not a template section's.
    expect(selectedPart('/blocks/4/blocks/5', page.doc, page.template, page.schema)).toMatchObject({
      kind: 'block',
      type: 'StatBand',
      section: undefined,
    });
  });

  it('count each section’s errors under its selection', () => {
    const page = open('use-cases/collections.json');
    const outline = outlineOf(page.doc, page.template, vocabulary);
    const errors = errorCountsOf(outline, 'useCase', [
      { severity: 'error', pointer: '/blocks/4/blocks/1/cards/0/title' },
      { severity: 'error', pointer: '/blocks/4/blocks/1' },
      { severity: 'warning', pointer: '/blocks/0/heading' },
      { severity: 'error', pointer: '/useCase/title' },
      { severity: 'error', pointer: '/meta' },
    ]);
    expect(errors).toMatchObject({ '/meta': 1, '/useCase': 1, '/blocks/0': 0, '/blocks/4/blocks/1': 2, '/blocks/4/blocks/0': 0 });
  });
});
