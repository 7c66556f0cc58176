/**
 * Mistakes in words on their field (issue 50, item 6): a set of broken documents, one for each kind of mistake the
 * validator knows (a wrong kind of value, a missing or unknown field, an unknown block, a value not allowed, too short or
 * too long, a link that is not one, a placeholder or a page that does not exist, a template page's sections out of
 * place, a title another page has, TODO text, a broken price, a record other pages quote removed, the site
 * configuration broken), each checked with the whole site as the editor checks a draft (src/editor/server/drafts.ts),
 * and every message and hint the editor then shows, on a field or about another document, read for what a marketer
 * does not use: file names, JSON pointers, block indexes, slot names, JSON to type, the developer's references.
 * A broken price gives one message, on its field, and nothing in the documents that quote it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../src/engine/load/content-env';
import { loadContent } from '../../src/engine/load/load-content';
import type { Problem } from '../../src/engine/model/problems';
import { checkDraftWithSite } from '../../src/editor/server/drafts';
import { localizedDraft } from '../../src/editor/server/translations';
import type { Locale } from '../../src/engine/model/site-schema';
import { documentName, inMarketerWords } from '../../src/editor/shared/marketer-words';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const read = (file: string): Doc => JSON.parse(readFileSync(join(CONTENT_DIR, file), 'utf8')) as Doc;

/** Each broken document: its file and the mistake made in it. */
const MISTAKES: [string, string, (doc: Doc) => void][] = [
  ['a number where text goes', 'story.json', (doc) => (doc.blocks[0].heading = 5)],
  ['a required field left out', 'story.json', (doc) => delete doc.blocks[0].heading],
  ['a misspelt block type', 'story.json', (doc) => (doc.blocks[1].type = 'Prosee')],
  ['a block without its type', 'story.json', (doc) => delete doc.blocks[1].type],
  ['an unknown field', 'story.json', (doc) => (doc.blocks[0].headingg = 'Twice')],
  ['an icon that does not exist', 'story.json', (doc) => (doc.blocks[2].cards[0].icon = 'sparkles-nope')],
  ['an empty title', 'story.json', (doc) => (doc.meta.title = '')],
  ['a description far too long', 'story.json', (doc) => (doc.meta.description = 'Long. '.repeat(120))],
  ['a script for a link', 'story.json', (doc) => (doc.blocks[4].buttons[0].href = 'javascript:alert(1)')],
  ['a link to no page', 'story.json', (doc) => (doc.blocks[4].buttons[0].href = '/no-such-page')],
  ['an unknown placeholder', 'story.json', (doc) => (doc.blocks[0].heading = 'From {plans.nope.price}')],
  ['a list left empty', 'story.json', (doc) => (doc.blocks[4].buttons = [])],
  ['a list of the wrong kind', 'story.json', (doc) => (doc.blocks[4].buttons = { label: 'One' })],
  ['the home page’s title', 'story.json', (doc) => (doc.meta.title = read('index.json').meta.title)],
  ['TODO text', 'story.json', (doc) => (doc.blocks[0].heading = 'TODO: a heading')],
  ['a template section left out', 'use-cases/collections.json', (doc) => doc.blocks.splice(3, 1)],
  ['a section the template does not have', 'use-cases/collections.json', (doc) => doc.blocks.push({ slot: 'testimonials', heading: 'x' })],
  ['template sections out of order', 'use-cases/collections.json', (doc) => doc.blocks.reverse()],
  ['too many benefit cards', 'use-cases/collections.json', (doc) => doc.blocks[2].cards.push(doc.blocks[2].cards[0])],
  ['a price typed as words', '_collections/plans.json', (doc) => (doc.items[1].price = { amount: 'one fifty', currency: 'USD' })],
  ['a price in an unknown currency', '_collections/plans.json', (doc) => (doc.items[1].price = { amount: 150, currency: 'XYZ' })],
  ['a plan other pages quote removed', '_collections/plans.json', (doc) => doc.items.splice(1, 1)],
  ['the site configuration broken', '_site.json', (doc) => (doc.origin = 42)],
];

/** What only a developer reads. */
const NOTATION: [string, RegExp][] = [
  ['a file name', /pages-json\/|\.json\b/],
  ['a JSON pointer', /(^|[\s(])\/(blocks|items|meta|sections|fields)\//],
  ['a block index', /\w\[\d+\]/],
  ['a slot', /\bslot\b/i],
  ['an area id', /open area “|more-after-/i],
  ['developer notation', /allowed shapes|__blocks|docs\/|npm run|JSON Pointer/i],
  ['JSON to type', /[{[]\s*"|\bquotes\b/],
  ['a section id', /"(hero|more-after-hero|benefits|capabilities|more-after-capabilities|beyond-generic|closing)"/],
];

let before: Problem[];
beforeAll(() => {
  before = loadContent(CONTENT_DIR).problems;
});

/** Every line the editor shows for a draft: each problem on its field (message and hint), each in another document. */
function shownFor(file: string, doc: Doc): { own: Problem[]; lines: string[]; elsewhere: Problem[] } {
  const checked = checkDraftWithSite(CONTENT_DIR, file, doc, before);
  const own = checked.problems.map(inMarketerWords);
  const elsewhere = checked.elsewhere.map(inMarketerWords);
  const lines = [
    ...own.flatMap((problem) => [problem.message, problem.hint ?? '']),
    ...elsewhere.flatMap((problem) => [`${documentName(problem.file)}: ${problem.message}`, problem.hint ?? '']),
  ].filter(Boolean);
  return { own, lines, elsewhere };
}

describe('mistakes in a marketer’s words', () => {
  it.each(MISTAKES)('%s: every message free of file names, pointers, slots and developer notation', (_, file, mistake) => {
    const doc = read(file);
    mistake(doc);
    const { lines } = shownFor(file, doc);
    expect(lines.length, 'the mistake is reported').toBeGreaterThan(0);
    for (const line of lines) for (const [what, pattern] of NOTATION) expect(pattern.test(line), `${what} in “${line}”`).toBe(false);
  });

  it('gives a price typed as words one message, on its field, and no knock-on errors in the pages that quote it', () => {
    const doc = read('_collections/plans.json');
    doc.items[1].price = { amount: 'one fifty', currency: 'USD' };
    const { own, elsewhere } = shownFor('_collections/plans.json', doc);
    expect(own.filter((problem) => problem.severity === 'error').map((problem) => problem.pointer)).toEqual(['/items/1/price']);
    expect(elsewhere).toEqual([]);
  });

  it('still names what a removed record breaks elsewhere, by the page, when the document itself is fine', () => {
    const doc = read('_collections/plans.json');
    doc.items.splice(1, 1);
    const { own, lines, elsewhere } = shownFor('_collections/plans.json', doc);
    expect(own.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(elsewhere.length).toBeGreaterThan(0);
    expect(lines.some((line) => line.startsWith('the page /compare/'))).toBe(true);
  });

  it('names documents as a marketer does', () => {
    expect(documentName('pages-json/_collections/plans.json')).toBe('the plans collection');
    expect(documentName('pages-json/index.json')).toBe('the page /');
    expect(documentName('pages-json/use-cases/collections.json')).toBe('the page /use-cases/collections');
    expect(documentName('pages-json/_templates/use-case.json')).toBe('the use case template');
    expect(documentName('pages-json/_site.json')).toBe('the site configuration');
    expect(documentName('pages-json/_translations/es/story.json')).toBe('the Spanish of the page /story');
  });
});

/** A translation's mistakes (the translation editor's problems, src/editor/server/translations.ts), each typed into one text. */
const COUNT = 'blocks.library.labels.count';
const TRANSLATION_MISTAKES: [string, string][] = [
  ['a plural message left open', '{total, plural, one {Mostrando {shown} de # caso} other {Mostrando {shown} de # casos}'],
  [
    'a plural form Spanish does not have',
    '{total, plural, one {Mostrando {shown} de # caso} few {Mostrando {shown} de # casos} other {Mostrando {shown} de # casos}}',
  ],
  ['a plural message without its other form', '{total, plural, one {Mostrando {shown} de # caso}}'],
  ['words after the plural message', '{total, plural, one {Mostrando {shown} de # caso} other {Mostrando {shown} de # casos}} más'],
  ['the placeholders left out', 'Mostrando casos de uso'],
];

/** What a marketer does not read in a translation's problem: a language tag, the parser's codes, a key. */
const TRANSLATION_NOTATION: [string, RegExp][] = [
  ...NOTATION,
  ['a language tag', /\b[a-z]{2}-[A-Z]{2}\b/],
  ['a parser code', /\b[A-Z]+_[A-Z_]+\b/],
  ['a translation key', /\bblocks\.\w/],
];

describe('a translation’s mistakes in a marketer’s words', () => {
  const spanish = { code: 'es', name: 'Español', prefix: 'es', region: 'ES' } as Locale;

  it.each(TRANSLATION_MISTAKES)('%s: said in words, at its text', (_, text) => {
    const { problems } = localizedDraft(CONTENT_DIR, 'use-cases/index.json', spanish, { [COUNT]: text });
    expect(problems.length, 'the mistake is reported').toBeGreaterThan(0);
    for (const problem of problems.map(inMarketerWords)) {
      expect(problem.where, 'kept at its text, for the editor to place it').toBe(COUNT);
      for (const line of [problem.message, problem.hint ?? ''])
        for (const [what, pattern] of TRANSLATION_NOTATION) expect(pattern.test(line), `${what} in “${line}”`).toBe(false);
    }
  });

  it('names the language and what a parser code meant', () => {
    const said = (text: string) =>
      localizedDraft(CONTENT_DIR, 'use-cases/index.json', spanish, { [COUNT]: text }).problems.map(inMarketerWords)[0];
    expect(said(TRANSLATION_MISTAKES[1][1]).message).toBe('"few" is not a plural form of Spanish, which has many, one, other');
    expect(said(TRANSLATION_MISTAKES[2][1]).message).toBe('the plural forms need an “other” form, for any other number');
  });
});
