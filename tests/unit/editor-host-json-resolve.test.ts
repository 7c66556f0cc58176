/**
 * A site document both a change set and the published branch changed, merged field by field
 * (src/editor/host/changes/json-resolve.ts): both sides' changes kept and written into the text of the branch merged
 * into (its formatting kept), a field both changed differently named by its place with both values, a choice that
 * settles it, and what cannot be merged field by field said plainly.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../src/engine/load/content-env';
import { resolveJsonFile } from '../../src/editor/host/changes/json-resolve';

const FILE = 'pages-json/story.json';
const story = readFileSync(join(CONTENT_DIR, 'story.json'), 'utf8');
const HEADING = '"heading": "Restoring humanity to communication"';
const SUBHEADING = '"subheading": "Our mission is to end spam.';
const edit = (text: string, from: string, to: string) => {
  expect(text).toContain(from);
  return text.replace(from, to);
};

describe('resolveJsonFile', () => {
  it('keeps the change set’s and the published changes, in the text of the side merged into', () => {
    const changeSet = edit(story, HEADING, '"heading": "From the change set"');
    const published = edit(story, SUBHEADING, '"subheading": "Published.');
    const merged = edit(published, HEADING, '"heading": "From the change set"');
    expect(resolveJsonFile(FILE, { base: story, changeSet, published }, 'published')).toEqual({ ok: true, text: merged });
    // The same merge on the change set's side (bringing it up to date) keeps its text instead.
    const compact = JSON.stringify(JSON.parse(changeSet));
    const result = resolveJsonFile(FILE, { base: story, changeSet: compact, published }, 'changeSet');
    expect(result.ok && result.text?.split('\n').length).toBe(1);
    expect(result.ok && JSON.parse(result.text!)).toEqual(JSON.parse(merged));
  });

  it('names a field both changed differently, with the three values; a choice settles it', () => {
    const changeSet = edit(story, HEADING, '"heading": "Mine"');
    const published = edit(story, HEADING, '"heading": "Theirs"');
    const result = resolveJsonFile(FILE, { base: story, changeSet, published }, 'published');
    expect(result).toEqual({
      ok: false,
      conflicts: [
        {
          kind: 'value',
          file: FILE,
          key: expect.any(String),
          place: 'Hero › Heading',
          pointer: '/blocks/0/heading',
          base: 'Restoring humanity to communication',
          changeSet: 'Mine',
          published: 'Theirs',
        },
      ],
    });
    const key = result.ok ? '' : result.conflicts[0].kind === 'file' ? '' : result.conflicts[0].key;
    expect(resolveJsonFile(FILE, { base: story, changeSet, published }, 'published', { choices: { [key]: 'changeSet' } })).toEqual({
      ok: true,
      text: changeSet,
    });
    expect(resolveJsonFile(FILE, { base: story, changeSet, published }, 'published', { choices: { [key]: 'published' } })).toEqual({
      ok: true,
      text: published,
    });
  });

  it('settles a text both changed with a text of one’s own, written where the field is, keeping both sides’ other changes', () => {
    const changeSet = edit(story, HEADING, '"heading": "Mine"');
    const published = edit(edit(story, HEADING, '"heading": "Theirs"'), SUBHEADING, '"subheading": "Published.');
    const first = resolveJsonFile(FILE, { base: story, changeSet, published }, 'changeSet');
    const key = first.ok || first.conflicts[0].kind === 'file' ? '' : first.conflicts[0].key;
    const own = resolveJsonFile(FILE, { base: story, changeSet, published }, 'changeSet', {
      choices: { [key]: { text: 'Ours, together' } },
    });
    expect(own).toEqual({
      ok: true,
      text: edit(edit(story, HEADING, '"heading": "Ours, together"'), SUBHEADING, '"subheading": "Published.'),
    });
    // Only a text both changed takes one: a key that is no such conflict is said plainly.
    const elsewhere = resolveJsonFile(FILE, { base: story, changeSet, published }, 'changeSet', {
      choices: { [key]: 'changeSet', '/meta/title': { text: 'A title' } },
    });
    expect(elsewhere).toMatchObject({
      ok: false,
      conflicts: [{ kind: 'file', reason: expect.stringMatching(/not a text both sides changed/) }],
    });
  });

  it('names a list of sections both reordered differently as the order of that list', () => {
    // Sections with an id are matched by it (why, beliefs, facts): each side moved a different one first.
    const reorder = (order: number[]) => {
      const copy = JSON.parse(story) as { blocks: unknown[] };
      const blocks = copy.blocks;
      copy.blocks = order.map((i) => blocks[i]);
      return JSON.stringify(copy, null, 2);
    };
    const result = resolveJsonFile(
      FILE,
      { base: story, changeSet: reorder([0, 3, 1, 2, 4]), published: reorder([0, 2, 1, 3, 4]) },
      'published',
    );
    expect(result).toMatchObject({ ok: false, conflicts: [{ kind: 'order', place: 'Blocks (the order)', pointer: '/blocks' }] });
  });

  it('says what cannot be merged field by field: a side deleted, both added, not JSON', () => {
    const changed = edit(story, HEADING, '"heading": "Changed"');
    expect(resolveJsonFile(FILE, { base: story, changeSet: changed }, 'published')).toEqual({
      ok: false,
      conflicts: [{ kind: 'file', file: FILE, reason: 'changed in the change set, deleted on the published site' }],
    });
    expect(resolveJsonFile(FILE, { changeSet: '{"a":1}', published: '{"a":2}' }, 'published')).toMatchObject({
      ok: false,
      conflicts: [{ reason: /added by the change set and on the published site/ }],
    });
    expect(resolveJsonFile(FILE, { base: story, changeSet: '{', published: changed }, 'published')).toMatchObject({
      ok: false,
      conflicts: [{ reason: 'not valid JSON (changeSet)' }],
    });
    // The same text on both sides, or a file both deleted, is no conflict.
    expect(resolveJsonFile(FILE, { base: story, changeSet: changed, published: changed }, 'published')).toEqual({
      ok: true,
      text: changed,
    });
    expect(resolveJsonFile(FILE, { base: story }, 'published')).toEqual({ ok: true, text: undefined });
  });
});
