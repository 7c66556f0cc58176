/**
 * The editor's search (src/editor/server/search.ts) over the real content: a document by what people call it,
 * sections by their block's label, a field by its words, ranked so the hit a marketer means comes first, each
 * with its field's words and the text around the match.
 */
import { describe, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../src/engine/load/content-env';
import { loadContent } from '../../src/engine/load/load-content';
import { readDocuments } from '../../src/editor/server/documents';
import { MAX_HITS, searchDocuments } from '../../src/editor/server/search';

const documents = readDocuments(CONTENT_DIR);
const result = loadContent(CONTENT_DIR);
const search = (query: string) => searchDocuments(documents, query, result);
const first = (query: string) => search(query).hits[0];

describe('searching the text of every document', () => {
  it('finds the home page for "home" (its route is /), first', () => {
    expect(first('home')).toMatchObject({ file: 'index.json', match: 'document', pointer: '', route: '/' });
  });

  it('finds the sections of a block type by its label: FAQ, Pricing', () => {
    expect(first('FAQ')).toMatchObject({ file: 'index.json', match: 'section', pointer: '/blocks/12', where: 'FAQ' });
    expect(first('FAQ').snippet?.after).toBe('Frequently asked questions');
    expect(first('pricing')).toMatchObject({ file: 'index.json', match: 'section', where: 'Pricing' });
  });

  it("finds a plan's name in the plans collection above the texts that only contain it", () => {
    expect(first('Growth')).toMatchObject({ file: '_collections/plans.json', pointer: '/items/1/name', where: '“Growth” › Name' });
  });

  it('finds an FAQ question by words of it, in any case, with its words and the text around the match', () => {
    expect(first('REVIEW emails Before')).toMatchObject({
      file: 'index.json',
      pointer: '/blocks/12/items/2/question',
      where: 'FAQ › Item 3 › Question',
      snippet: { before: 'Can we ', match: 'review', after: ' emails before they are sent?' },
    });
  });

  it('names a template page section by its slot, and a record by its name, never a record type as a section', () => {
    const hits = search('responsibilities pricing').hits.concat(search('packaging').hits);
    expect(hits.find((hit) => hit.file === '_collections/jobs.json')?.where).toMatch(/^“.+” › Responsibility \d+$/);
    const slot = search('Switch in three steps').hits.find((hit) => hit.file === '_templates/comparison.json');
    expect(slot?.where).toBe('Card grid (section 9) › Shared › Heading');
  });

  it('says when nothing matches, and keeps the best hits of many, counting them all', () => {
    expect(search('qqzzx')).toEqual({ query: 'qqzzx', hits: [], total: 0 });
    const many = search('the');
    expect(many.hits).toHaveLength(MAX_HITS);
    expect(many.total).toBeGreaterThan(MAX_HITS);
  });
});
