/**
 * Turns zod issues into problems worded for the person editing the JSON: what is wrong, and a hint that says
 * what to type instead (the closest known name for a typo, the form a value takes, where the reference is).
 */
import type { z } from 'zod';
import { closest, didYouMean } from '../../../lib/did-you-mean';
import { BUTTON_TARGET_PATTERN, LINK_PATTERN, linkSchemeHint } from '../../model/links';
import { BLOCK_TYPES } from '../page-schema';
import { describeValue, jsonPointer, problemAt, type JsonPath, type Problem, type SourceDocument } from '../../model/problems';
import { schemaAt, shapeOf } from './zod-walk';

/** Where marketers see every block, its fields and an example. */
const BLOCK_REFERENCE = '/__blocks in npm run dev, or docs/blocks.md';

function valueAt(doc: unknown, path: JsonPath): unknown {
  return path.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as never)[key] : undefined), doc);
}

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

/** How a value of this kind is written in JSON, for a value of another kind. */
function howToWrite(expected: string, value: unknown): string {
  if (expected === 'string')
    return typeof value === 'number' || typeof value === 'boolean'
      ? `put it in quotes: "${String(value)}"`
      : 'text goes in double quotes: "..."';
  if (expected === 'number')
    return typeof value === 'string' && value.trim() !== '' && !isNaN(Number(value))
      ? `write the number without quotes: ${Number(value)}`
      : 'a number, without quotes: 5';
  if (expected === 'boolean') return 'write true or false, without quotes';
  if (expected === 'array') return 'a list goes in square brackets: [ ... ]';
  if (expected === 'object') return 'an object goes in braces: { "field": ... }';
  return `see the field in ${BLOCK_REFERENCE}`;
}

export interface IssueContext {
  /** The schema the issue's path is relative to (after `basePath`), so a message can name the fields allowed there. */
  schema?: z.ZodType;
  /** Where in the document the checked value is. */
  basePath?: JsonPath;
}

/** The problem a zod issue describes, at the issue's path in `source` (or at `basePath` + the issue's path). */
export function zodIssueToProblem(issue: z.core.$ZodIssue, source: SourceDocument, { schema, basePath = [] }: IssueContext = {}): Problem {
  const fullPath = [...basePath, ...issue.path];
  const value = valueAt(source.doc, fullPath);
  const at = (message: string, hint: string, path: JsonPath = fullPath) => problemAt(source, path, message, { hint });
  const checked = valueAt(source.doc, basePath);

  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) {
        const siblings = Object.keys((valueAt(source.doc, fullPath.slice(0, -1)) as object | undefined) ?? {});
        const field = String(fullPath.at(-1));
        const misspelled = closest(field, siblings);
        return at(
          `missing required field (expected ${article(issue.expected)})`,
          misspelled ? `"${misspelled}" looks like a misspelling of "${field}": rename it` : `add "${field}"`,
        );
      }
      return at(`expected ${article(issue.expected)}, got ${describeValue(value)}`, howToWrite(issue.expected, value));
    case 'invalid_union':
      if ('discriminator' in issue && issue.discriminator === 'type') {
        const typePath = fullPath.at(-1) === 'type' ? fullPath : [...fullPath, 'type'];
        const given = valueAt(source.doc, typePath);
        if (given === undefined)
          return at('missing block type', `every block needs "type", one of the block types in ${BLOCK_REFERENCE}`, typePath);
        const suggestion = didYouMean(String(given), BLOCK_TYPES);
        return at(
          `unknown block type ${JSON.stringify(given)}${suggestion ? '' : `. Known types: ${BLOCK_TYPES.join(', ')}`}`,
          `${suggestion}every block type, with its fields and an example, is in ${BLOCK_REFERENCE}`,
          typePath,
        );
      }
      return at(`none of the allowed shapes matches ${describeValue(value)}`, `see the field in ${BLOCK_REFERENCE}`);
    case 'unrecognized_keys': {
      const known = Object.keys((schema && shapeOf(schemaAt(schema, checked, issue.path) ?? schema)) ?? {}).filter(
        (key) => key !== '$schema',
      );
      const [first] = issue.keys;
      const fields = known.length ? ` The fields here: ${known.join(', ')}.` : '';
      return {
        ...at(
          `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`,
          `${didYouMean(first, known)}remove it, or check its spelling.${fields}`,
        ),
        // For machines, the (first) unknown field itself: an editor underlines it, CI annotates its line.
        pointer: jsonPointer([...fullPath, first]),
      };
    }
    case 'invalid_value': {
      const suggestion = didYouMean(String(value), issue.values.map(String), (name) => JSON.stringify(name));
      // A long list (the icon names) is named, not printed: the reference shows each value.
      if (issue.values.length > 12)
        return at(
          `${JSON.stringify(value)} is not one of the ${issue.values.length} allowed values`,
          `${suggestion}the values, icons shown with their names, are in ${BLOCK_REFERENCE}`,
        );
      return at(
        `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, got ${JSON.stringify(value)}`,
        `${suggestion}write one of the values listed`,
      );
    }
    case 'too_small':
      if (issue.origin === 'string') return at('must not be empty', 'write the text, or leave the field out if it is optional');
      if (issue.origin === 'array') return at(`needs at least ${issue.minimum} item(s)`, `add items until there are ${issue.minimum}`);
      return at(`must be at least ${issue.minimum}`, `write a number of ${issue.minimum} or more`);
    case 'too_big':
      if (issue.origin === 'array') return at(`allows at most ${issue.maximum} item(s)`, `remove items until there are ${issue.maximum}`);
      if (issue.origin === 'string') return at(`must be at most ${issue.maximum} characters`, `shorten it to ${issue.maximum} characters`);
      return at(`must be at most ${issue.maximum}`, `write a number of ${issue.maximum} or less`);
    case 'invalid_format':
      if (
        issue.format === 'regex' &&
        typeof value === 'string' &&
        [String(LINK_PATTERN), String(BUTTON_TARGET_PATTERN)].includes(issue.pattern ?? '')
      )
        return at(issue.message, linkSchemeHint(value));
      return at(`${issue.message}${value !== undefined ? `, got ${JSON.stringify(value)}` : ''}`, `see the field in ${BLOCK_REFERENCE}`);
    case 'custom':
      // A rule of the schema's own (refine) may say what to do in its params.
      return at(
        `${issue.message}${value !== undefined ? `, got ${JSON.stringify(value)}` : ''}`,
        typeof issue.params?.hint === 'string' ? issue.params.hint : `see the field in ${BLOCK_REFERENCE}`,
      );
    default:
      return at(`${issue.message}${value !== undefined ? `, got ${JSON.stringify(value)}` : ''}`, `see the field in ${BLOCK_REFERENCE}`);
  }
}
