/**
 * The visual editor writes a changed document into its file changing only what changed: formatting,
 * indentation, line ends and key order are kept; a moved item keeps its own text; the result reads
 * back as exactly the edited document.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { structuredPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { editJsonText, jsonEqual } from '../../src/editor/server/json-edit';

const ROOT = join(import.meta.dirname, '..', '..');
const story = readFileSync(join(ROOT, 'pages-json', 'story.json'), 'utf8');
const upsell = readFileSync(join(ROOT, 'pages-json', 'use-cases', 'upsell-campaigns.json'), 'utf8');

/** Lines removed and added from `before` to `after`, as `git diff --numstat` counts them. */
function numstat(before: string, after: string): { added: number; removed: number } {
  const lines = structuredPatch('a', 'b', before, after, '', '', { context: 0 }).hunks.flatMap((hunk) => hunk.lines);
  return { added: lines.filter((l) => l.startsWith('+')).length, removed: lines.filter((l) => l.startsWith('-')).length };
}

/** A parsed document, loose enough for a test to change anything in it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test edits documents of every shape in place
type Loose = any;

/** The document of `text` after `change`. */
function edited(text: string, change: (doc: Loose) => void): Loose {
  const doc = JSON.parse(text);
  change(doc);
  return doc;
}

describe('editJsonText', () => {
  it('changes one heading as one line', () => {
    const doc = edited(story, (d) => (d.blocks[0].heading = 'Restoring humanity to every message'));
    const after = editJsonText(story, doc);
    expect(numstat(story, after)).toEqual({ added: 1, removed: 1 });
    expect(after).toContain('      "heading": "Restoring humanity to every message",\n');
    expect(JSON.parse(after)).toEqual(doc);
  });

  it('returns the text unchanged for an unchanged document', () => {
    expect(editJsonText(story, JSON.parse(story))).toBe(story);
  });

  it('adds a card as its own five lines in the file style', () => {
    const card = { icon: 'star', title: 'New card', description: 'What it says' };
    const doc = edited(upsell, (d) => d.blocks[1].cards.push(card));
    const after = editJsonText(upsell, doc);
    expect(JSON.parse(after)).toEqual(doc);
    // The card's five lines (a diff lines the old card's closing brace up with the new one's, so nothing is removed).
    expect(numstat(upsell, after)).toEqual({ added: 5, removed: 0 });
    expect(after).toContain(
      '        },\n        {\n          "icon": "star",\n          "title": "New card",\n          "description": "What it says"\n        }\n      ]',
    );
  });

  it('removes an item, a first property and a last property cleanly', () => {
    const doc = edited(upsell, (d) => {
      d.blocks[1].cards.splice(2, 1);
      delete d.meta.title;
      delete d.useCase.icon;
    });
    const after = editJsonText(upsell, doc);
    expect(JSON.parse(after)).toEqual(doc);
    expect(after).toContain('  "meta": {\n    "description"');
    expect(after).toContain('      "Voice"\n    ]\n  },');
    expect(numstat(upsell, after).added).toBeLessThanOrEqual(1);
  });

  it('moves an item with its own text, and only its lines change', () => {
    const doc = edited(story, (d) => d.blocks.splice(1, 0, d.blocks.pop()));
    const after = editJsonText(story, doc);
    expect(JSON.parse(after)).toEqual(doc);
    // The call to action, as the file writes it (its buttons one line each): 9 lines out, the same 9 in.
    expect(numstat(story, after)).toEqual({ added: 9, removed: 9 });
    expect(after).toContain('        { "label": "Book Demo", "href": "site:scheduling" },\n');
  });

  it('keeps a compact, one-line file on one line', () => {
    const compact = JSON.stringify(JSON.parse(story)) + '\n';
    const doc = edited(compact, (d) => {
      d.blocks[0].heading = 'Changed';
      d.blocks[0].highlights = ['One', 'Two'];
    });
    const after = editJsonText(compact, doc);
    expect(after.split('\n')).toHaveLength(2);
    expect(after).toContain('"heading":"Changed"');
    expect(after).toContain('"highlights":["One","Two"]');
    expect(JSON.parse(after)).toEqual(doc);
  });

  it('keeps tabs, CRLF line ends, the key order of the file and a mixed layout', () => {
    const text = '{\r\n\t"b": 1,\r\n\t"list": [1, 2, 3],\r\n\t"a": {\r\n\t\t"x": "y"\r\n\t}\r\n}\r\n';
    // As the editor makes it: the file's order, a new key after the one it follows.
    const doc = { b: 1, list: [1, 3, 4], a: { x: 'z', w: [{ k: 1 }] }, c: true };
    const after = editJsonText(text, doc);
    expect(after).toBe(
      '{\r\n\t"b": 1,\r\n\t"list": [1, 3, 4],\r\n\t"a": {\r\n\t\t"x": "z",\r\n\t\t"w": [\r\n\t\t\t{\r\n\t\t\t\t"k": 1\r\n\t\t\t}\r\n\t\t]\r\n\t},\r\n\t"c": true\r\n}\r\n',
    );
    expect(jsonEqual(JSON.parse(after), doc)).toBe(true);
  });

  it('puts a new key after the key it follows in the document', () => {
    expect(editJsonText('{\n  "a": 1,\n  "c": 3\n}\n', { a: 1, b: 2, c: 3 })).toBe('{\n  "a": 1,\n  "b": 2,\n  "c": 3\n}\n');
    expect(editJsonText('{\n  "a": 1\n}\n', { z: 0, a: 1 })).toBe('{\n  "z": 0,\n  "a": 1\n}\n');
  });

  it('writes a new item on one line where the items around it are', () => {
    const stat = { value: '10M', label: 'Messages', description: 'Sent every month' };
    const doc = edited(story, (d) => d.blocks[3].stats.push(stat));
    const after = editJsonText(story, doc);
    expect(numstat(story, after)).toEqual({ added: 2, removed: 1 });
    expect(after).toContain('        { "value": "10M", "label": "Messages", "description": "Sent every month" }\n      ]');
  });

  it('fills an empty list and empties a full one', () => {
    const text = '{\n  "a": [],\n  "b": [\n    1,\n    2\n  ]\n}\n';
    expect(editJsonText(text, { a: [{ x: 1 }], b: [] })).toBe('{\n  "a": [\n    {\n      "x": 1\n    }\n  ],\n  "b": []\n}\n');
  });

  it('keeps escapes it did not change', () => {
    const text = '{\n  "a": "caf\\u00e9",\n  "b": "x"\n}\n';
    expect(editJsonText(text, { a: 'café', b: 'y' })).toBe('{\n  "a": "caf\\u00e9",\n  "b": "y"\n}\n');
  });

  it('refuses a file that is not valid JSON', () => {
    expect(() => editJsonText('{ "a": 1, }', { a: 2 })).toThrow(/not valid JSON/);
  });
});
