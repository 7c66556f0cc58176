/** Turns zod issues into problems worded for the person editing the JSON. */
import type { z } from 'zod';
import { describeValue, jsonPointer, problemAt, type JsonPath, type Problem, type SourceDocument } from './problems';

function valueAt(doc: unknown, path: JsonPath): unknown {
  return path.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as never)[key] : undefined), doc);
}

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

/** The problem a zod issue describes, at the issue's path in `source` (or at `path` + the issue's path). */
export function zodIssueToProblem(
  issue: z.core.$ZodIssue,
  source: SourceDocument,
  knownBlockTypes: readonly string[],
  basePath: JsonPath = [],
): Problem {
  const fullPath = [...basePath, ...issue.path];
  const value = valueAt(source.doc, fullPath);
  const at = (message: string, hint?: string, path: JsonPath = fullPath) => problemAt(source, path, message, { hint });

  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined)
        return at(`missing required field (expected ${article(issue.expected)})`, 'add the field, or check its spelling');
      return at(`expected ${article(issue.expected)}, got ${describeValue(value)}`);
    case 'invalid_union':
      if ('discriminator' in issue && issue.discriminator === 'type') {
        const typePath = fullPath.at(-1) === 'type' ? fullPath : [...fullPath, 'type'];
        const given = valueAt(source.doc, typePath);
        return at(
          given === undefined
            ? 'missing block type'
            : `unknown block type ${JSON.stringify(given)}. Known types: ${knownBlockTypes.join(', ')}`,
          'every block needs "type" set to one of the known types; see src/blocks/ for each one',
          typePath,
        );
      }
      return at(`none of the allowed shapes matches ${describeValue(value)}`);
    case 'unrecognized_keys':
      return {
        ...at(
          `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`,
          'remove it, or check its spelling against the schema (your editor autocompletes fields via "$schema")',
        ),
        // For machines, the (first) unknown field itself: an editor underlines it, CI annotates its line.
        pointer: jsonPointer([...fullPath, issue.keys[0]]),
      };
    case 'invalid_value':
      return at(`expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, got ${JSON.stringify(value)}`);
    case 'too_small':
      return at(
        issue.origin === 'string'
          ? 'must not be empty'
          : issue.origin === 'array'
            ? `needs at least ${issue.minimum} item(s)`
            : `must be at least ${issue.minimum}`,
      );
    case 'too_big':
      return at(
        issue.origin === 'array'
          ? `allows at most ${issue.maximum} item(s)`
          : `must be at most ${issue.maximum}${issue.origin === 'string' ? ' characters' : ''}`,
      );
    default:
      return at(`${issue.message}${value !== undefined ? `, got ${JSON.stringify(value)}` : ''}`);
  }
}
