/**
 * The editor's three-way merge (src/editor/shared/three-way-merge.ts): a colleague's change on disk and the
 * marketer's unsaved draft both survive unless they changed the same place differently; lists merge by the
 * identity of their items (block and record ids, template slots) or by position with care; the merged
 * document, written over the file on disk, changes only the lines of the marketer's own changes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../src/engine/load/content-env';
import { mergeJson } from '../../src/editor/shared/three-way-merge';
import { editJsonText } from '../../src/editor/server/json-edit';

type Doc = Record<string, unknown> & { blocks: Record<string, unknown>[] };
const story = () => JSON.parse(readFileSync(join(CONTENT_DIR, 'story.json'), 'utf8')) as Doc;
const plans = () =>
  JSON.parse(readFileSync(join(CONTENT_DIR, '_collections', 'plans.json'), 'utf8')) as { items: Record<string, unknown>[] };

describe('merging a draft with a change on disk', () => {
  it('keeps both when I changed the heading and a colleague the subheading (the issue), and says what the colleague changed', () => {
    const base = story();
    const mine = story();
    mine.blocks[0].heading = 'Mine';
    const theirs = story();
    theirs.blocks[0].subheading = 'Theirs';
    const { merged, conflicts, theirChanges } = mergeJson(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect((merged as Doc).blocks[0]).toMatchObject({ heading: 'Mine', subheading: 'Theirs' });
    expect(theirChanges).toEqual([
      { kind: 'changed', path: ['blocks', 0, 'subheading'], in: 'theirs', before: base.blocks[0].subheading, after: 'Theirs' },
    ]);
  });

  it('reports a field both changed differently, with where it is and all three values; the choice settles it', () => {
    const base = story();
    const mine = story();
    mine.blocks[0].heading = 'Mine';
    mine.blocks[0].badge = 'My badge';
    const theirs = story();
    theirs.blocks[0].heading = 'Theirs';
    const result = mergeJson(base, mine, theirs);
    expect(result.conflicts).toEqual([
      {
        key: '/blocks/[@0]/heading',
        kind: 'value',
        minePath: ['blocks', 0, 'heading'],
        theirsPath: ['blocks', 0, 'heading'],
        basePath: ['blocks', 0, 'heading'],
        base: 'Restoring humanity to communication',
        mine: 'Mine',
        theirs: 'Theirs',
        chosen: 'mine',
      },
    ]);
    expect((result.merged as Doc).blocks[0]).toMatchObject({ heading: 'Mine', badge: 'My badge' });
    const settled = mergeJson(base, mine, theirs, { '/blocks/[@0]/heading': 'theirs' });
    expect((settled.merged as Doc).blocks[0]).toMatchObject({ heading: 'Theirs', badge: 'My badge' });
    expect(settled.conflicts.map((conflict) => [conflict.key, conflict.chosen])).toEqual([['/blocks/[@0]/heading', 'theirs']]);
  });

  it('is no conflict when both made the same change', () => {
    const base = story();
    const mine = story();
    const theirs = story();
    mine.blocks[0].heading = theirs.blocks[0].heading = 'Same';
    expect(mergeJson(base, mine, theirs)).toMatchObject({ conflicts: [], theirChanges: [] });
  });

  it('takes a removal of either side, and asks when the other side changed what was removed', () => {
    const base = { a: 1, b: 2, c: 3, d: 4 };
    const mine: Record<string, number> = { a: 1, c: 30, d: 4 }; // removed b, changed c
    const theirs: Record<string, number> = { a: 1, b: 2, d: 40 }; // removed c, changed d
    const { merged, conflicts, theirChanges } = mergeJson(base, mine, theirs);
    expect(merged).toEqual({ a: 1, c: 30, d: 40 });
    expect(conflicts.map(({ key, mine: m, theirs: t }) => [key, m, t])).toEqual([['/c', 30, undefined]]);
    expect(mergeJson(base, mine, theirs, { '/c': 'theirs' }).merged).toEqual({ a: 1, d: 40 });
    expect(theirChanges).toEqual([{ kind: 'changed', path: ['d'], in: 'theirs', before: 4, after: 40 }]);
  });

  it('takes what only the colleague added or removed, naming it', () => {
    const { merged, theirChanges } = mergeJson({ a: 1, b: 2 }, { a: 1, b: 2 }, { a: 1, c: 3 });
    expect(merged).toEqual({ a: 1, c: 3 });
    expect(theirChanges).toEqual([
      { kind: 'removed', path: ['b'], in: 'base', before: 2 },
      { kind: 'added', path: ['c'], in: 'theirs', after: 3 },
    ]);
  });

  it('matches blocks by id: the colleague moved a section, I edited it; my text lands on the moved section', () => {
    const base = story();
    const mine = story();
    const beliefs = mine.blocks.findIndex((block) => block.id === 'beliefs');
    mine.blocks[beliefs].heading = 'What we hold true';
    const theirs = story();
    const [moved] = theirs.blocks.splice(beliefs, 1);
    theirs.blocks.splice(1, 0, moved);
    const { merged, conflicts, theirChanges } = mergeJson(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect((merged as Doc).blocks.map((block) => block.id ?? block.type)).toEqual(theirs.blocks.map((block) => block.id ?? block.type));
    expect((merged as Doc).blocks[1].heading).toBe('What we hold true');
    expect(theirChanges).toContainEqual({ kind: 'moved', path: ['blocks'], in: 'theirs' });
  });

  it('matches template sections by slot: the colleague added an optional section, I changed another', () => {
    const base = { template: 'use-case', blocks: [{ slot: 'hero', heading: 'A' }, { slot: 'closing' }] };
    const mine = { template: 'use-case', blocks: [{ slot: 'hero', heading: 'Mine' }, { slot: 'closing' }] };
    const theirs = { template: 'use-case', blocks: [{ slot: 'hero', heading: 'A' }, { slot: 'faq', items: [] }, { slot: 'closing' }] };
    const { merged, conflicts } = mergeJson(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(merged).toEqual({
      template: 'use-case',
      blocks: [{ slot: 'hero', heading: 'Mine' }, { slot: 'faq', items: [] }, { slot: 'closing' }],
    });
  });

  it('matches records by id: both added a record, each lands after the record it follows on its side, and my edit stays', () => {
    const base = plans();
    const mine = plans();
    mine.items[1].name = 'Growth+';
    mine.items.splice(1, 0, { id: 'team', name: 'Team' });
    const theirs = plans();
    theirs.items.push({ id: 'scale', name: 'Scale' });
    const { merged, conflicts, theirChanges } = mergeJson(base, mine, theirs);
    expect(conflicts).toEqual([]);
    const items = (merged as { items: Record<string, unknown>[] }).items;
    expect(items.map((item) => item.id)).toEqual(['starter', 'team', 'growth', 'enterprise', 'scale']);
    expect(items[2].name).toBe('Growth+');
    expect(theirChanges).toEqual([{ kind: 'added', path: ['items', 3], in: 'theirs', after: { id: 'scale', name: 'Scale' } }]);
  });

  it('asks about a record both added under the same id with different fields', () => {
    const base = { items: [{ id: 'a', name: 'A' }] };
    const mine = {
      items: [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'Mine' },
      ],
    };
    const theirs = {
      items: [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'Theirs' },
      ],
    };
    const { conflicts } = mergeJson(base, mine, theirs);
    expect(conflicts.map(({ key, minePath, theirsPath }) => [key, minePath, theirsPath])).toEqual([
      ['/items/[id:b]', ['items', 1], ['items', 1]],
    ]);
  });

  it('merges items without an identity by position with care: an item the colleague inserted does not shift my edit', () => {
    const base = { cards: [{ title: 'One' }, { title: 'Two' }, { title: 'Three' }] };
    const mine = { cards: [{ title: 'One' }, { title: 'Two, mine' }, { title: 'Three' }] };
    const theirs = { cards: [{ title: 'Zero' }, { title: 'One' }, { title: 'Two' }, { title: 'Three' }] };
    const { merged, conflicts } = mergeJson(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(merged).toEqual({ cards: [{ title: 'Zero' }, { title: 'One' }, { title: 'Two, mine' }, { title: 'Three' }] });
  });

  it('merges lists of texts item by item', () => {
    const { merged, conflicts } = mergeJson({ list: ['a', 'b', 'c'] }, { list: ['A', 'b', 'c'] }, { list: ['a', 'b', 'C'] });
    expect(conflicts).toEqual([]);
    expect(merged).toEqual({ list: ['A', 'b', 'C'] });
  });

  it('asks when the colleague removed an item I changed; choosing theirs removes it', () => {
    const base = { cards: [{ title: 'One' }, { title: 'Two' }] };
    const mine = { cards: [{ title: 'One' }, { title: 'Two, mine' }] };
    const theirs = { cards: [{ title: 'One' }] };
    const asked = mergeJson(base, mine, theirs);
    expect(asked.conflicts.map(({ key, mine: m, theirs: t }) => [key, m, t])).toEqual([['/cards/[@1]', { title: 'Two, mine' }, undefined]]);
    expect(asked.merged).toEqual(mine);
    expect(mergeJson(base, mine, theirs, { '/cards/[@1]': 'theirs' }).merged).toEqual(theirs);
  });

  it('asks about the order when both moved the items of a list differently', () => {
    const base = { blocks: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] };
    const mine = { blocks: [{ id: 'b' }, { id: 'a' }, { id: 'c' }] };
    const theirs = { blocks: [{ id: 'a' }, { id: 'c' }, { id: 'b', heading: 'B' }] };
    const asked = mergeJson(base, mine, theirs);
    expect(asked.conflicts.map(({ key, kind }) => [key, kind])).toEqual([['/blocks#order', 'order']]);
    expect(asked.merged).toEqual({ blocks: [{ id: 'b', heading: 'B' }, { id: 'a' }, { id: 'c' }] });
    expect(mergeJson(base, mine, theirs, { '/blocks#order': 'theirs' }).merged).toEqual({
      blocks: [{ id: 'a' }, { id: 'c' }, { id: 'b', heading: 'B' }],
    });
  });

  it('treats repeated ids as no identity (a draft being written), merging by position', () => {
    const base = {
      items: [
        { id: 'x', v: 1 },
        { id: 'x', v: 2 },
      ],
    };
    const mine = {
      items: [
        { id: 'x', v: 10 },
        { id: 'x', v: 2 },
      ],
    };
    const theirs = {
      items: [
        { id: 'x', v: 1 },
        { id: 'x', v: 20 },
      ],
    };
    expect(mergeJson(base, mine, theirs)).toMatchObject({
      merged: {
        items: [
          { id: 'x', v: 10 },
          { id: 'x', v: 20 },
        ],
      },
      conflicts: [],
    });
  });

  it('asks when both changed a value into different kinds of value', () => {
    const { conflicts } = mergeJson({ cost: 'TBD' }, { cost: { value: 10 } }, { cost: 'Call us' });
    expect(conflicts.map(({ key }) => key)).toEqual(['/cost']);
  });

  it('changes none of the documents it is given', () => {
    const base = story();
    const mine = story();
    mine.blocks[0].heading = 'Mine';
    const theirs = story();
    theirs.blocks.reverse();
    const copies = structuredClone([base, mine, theirs]);
    mergeJson(base, mine, theirs);
    expect([base, mine, theirs]).toEqual(copies);
  });

  it("written over the file on disk, changes only my lines: the colleague's text stays as they wrote it", () => {
    const diskText = readFileSync(join(CONTENT_DIR, 'story.json'), 'utf8').replace('"badge": "Our Story"', '"badge": "Theirs"');
    const base = story();
    const mine = story();
    mine.blocks[0].heading = 'Mine';
    const { merged } = mergeJson(base, mine, JSON.parse(diskText));
    const written = editJsonText(diskText, merged);
    const changed = written.split('\n').filter((line, i) => line !== diskText.split('\n')[i]);
    expect(changed).toEqual(['      "heading": "Mine",']);
    expect(written).toContain('"badge": "Theirs"');
  });
});
