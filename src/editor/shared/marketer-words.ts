/**
 * A content problem as a marketer reads it in the editor. `npm run validate` words its problems for whoever writes the
 * JSON (the file, a JSON pointer, a template's slot, "see /__blocks in npm run dev"); the editor shows each one on its
 * field, where none of that helps and all of it puzzles. So the editor's messages name documents as a marketer does
 * ("the page /story", "the plans collection"), drop pointers, slot names and the developer's references, and say in
 * words what a developer's phrase meant ("none of the allowed shapes matches an object").
 */
import type { Problem } from '../../engine/model/problems';

const LANGUAGES: Record<string, string> = { es: 'Spanish', de: 'German', fr: 'French', it: 'Italian', pt: 'Portuguese' };

/** A document as a marketer names it: `pages-json/_collections/plans.json` -> "the plans collection". */
export function documentName(file: string): string {
  const path = file.replace(/^pages-json\//, '').replace(/\.json$/, '');
  if (path === '_site') return 'the site configuration';
  const collection = /^_collections\/(.+)$/.exec(path);
  if (collection) return `the ${collection[1].replace(/-/g, ' ')} collection`;
  const template = /^_templates\/(.+)$/.exec(path);
  if (template) return `the ${template[1].replace(/-/g, ' ')} template`;
  const translation = /^_translations\/([^/]+)\/(.+)$/.exec(path);
  if (translation) return `the ${LANGUAGES[translation[1]] ?? translation[1]} of ${documentName(translation[2])}`;
  if (path === '404') return 'the page-not-found page';
  const route = path === 'index' ? '/' : `/${path.replace(/\/index$/, '')}`;
  return `the page ${route}`;
}

/** Phrases of the developer's notation, each with what it means in words (or nothing, when it only pointed elsewhere). */
const REWORDINGS: [RegExp, string][] = [
  [/none of the allowed shapes matches (an? \w+|[^,.;]+)/g, 'this is not a value this field takes'],
  [/\s*\(?see the field in \/__blocks[^)]*\)?/g, ''],
  [/[^.;]*\/__blocks in npm run dev, or docs\/blocks\.md/g, ''],
  [/\bslot "([^"]+)"/g, 'section'],
  [/\bopen area\b/gi, 'room for sections of the page’s own'],
  [/\bexpected an? (string|number|boolean|object|array), got\b/g, 'not the right kind of value: got'],
  [/\bat least 1 item\(s\)/g, 'at least one item'],
  [/\bitem\(s\)/g, 'items'],
  // A template page's sections by their ids: named by their kind, or as out of the template's order.
  [
    /\bthe ([\w-]+) template puts "[^"]+" before "[^"]+"/g,
    'the $1 template keeps its sections in a fixed order, and this one is out of its place',
  ],
  [/\bneeds an? "[^"]+" section \((\w+)\)/g, 'needs its $1 section'],
  [/\bfills the "[^"]+" section itself/g, 'fills this section itself'],
  // A translation's (src/engine/load/i18n/localize.ts, src/engine/model/count-message.ts): the parser's codes in words.
  [/\bnot a valid plural message \(MISSING_OTHER_CLAUSE\)/g, 'the plural forms need an “other” form, for any other number'],
  [/\bnot a valid plural message \([A-Z_]+\)/g, 'the plural forms are not written as the site reads them: check that every { has its }'],
  [
    /\ba count line is one plural message: \{total, plural,[^:]*\}\}/g,
    'a count line is one plural message, with nothing before or after it',
  ],
  [/\bthe translation has the placeholders none;/g, 'the translation has no placeholders;'],
];

/** Anything left that only a developer reads: a file's path, a JSON pointer, a block's index, JSON to type. */
const NOTATION = [/pages-json\/[^\s,;:)"”]+/g, /(^|[\s(])\/(?:blocks|items|meta|sections|fields)\/[^\s,;)]*/g, /\b\w+\[\d+\]/g];

/** A language tag as the plural rules name it (`es-ES`), by its language's name. */
const LANGUAGE_TAG = /\b([a-z]{2})-[A-Z]{2}\b/g;

function reword(text: string): string {
  let words = text;
  for (const [pattern, replacement] of REWORDINGS) words = words.replace(pattern, replacement);
  words = words.replace(LANGUAGE_TAG, (tag, code: string) => LANGUAGES[code] ?? tag);
  words = words.replace(NOTATION[0], (file) => documentName(file));
  for (const pattern of NOTATION.slice(1)) words = words.replace(pattern, (_, before: string | undefined) => before ?? '');
  return words
    .replace(/\(\s*\)/g, '')
    .replace(/\s{2,}/g, ' ')
    .replace(/\s+([,.;:)])/g, '$1')
    .trim();
}

/**
 * A hint that is JSON to type (`add { "slot": ... }`) helps no one in a form, nor one listing a template's sections by
 * their ids (the editor's outline shows them in order, by name): it goes.
 */
const isJsonHint = (hint: string) =>
  /^(its sections|the order is):|put it in quotes|without quotes/.test(hint) ||
  /[{[]\s*"/.test(hint) ||
  /write the number without quotes|in double quotes|square brackets|braces/.test(hint);

/** The problem's message and hint in a marketer's words; where it is (file, pointer) is kept for the editor to place it. */
export function inMarketerWords<P extends Pick<Problem, 'message'> & { hint?: string }>(problem: P): P {
  const message = reword(problem.message) || 'this value is not right here';
  const hint = problem.hint && !isJsonHint(problem.hint) ? reword(problem.hint) : '';
  const { hint: _dropped, ...rest } = problem;
  return { ...(rest as P), message, ...(hint ? { hint } : {}) };
}
