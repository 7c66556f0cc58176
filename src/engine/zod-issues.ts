/** Turns zod issues into problems worded for the person editing the JSON. */
import type { z } from 'zod';
import { describePath, describeValue, type Problem } from './problems';

function valueAt(doc: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as never)[key] : undefined), doc);
}

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

export function zodIssueToProblem(issue: z.core.$ZodIssue, doc: unknown, file: string, knownBlockTypes: readonly string[]): Problem {
  const value = valueAt(doc, issue.path);
  const where = describePath(issue.path, doc);
  const base = { file, where, severity: 'error' as const };

  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) {
        return {
          ...base,
          message: `missing required field (expected ${article(issue.expected)})`,
          hint: 'add the field, or check its spelling',
        };
      }
      return { ...base, message: `expected ${article(issue.expected)}, got ${describeValue(value)}` };
    case 'invalid_union':
      if ('discriminator' in issue && issue.discriminator === 'type') {
        const typePath = issue.path.at(-1) === 'type' ? issue.path : [...issue.path, 'type'];
        const given = valueAt(doc, typePath);
        return {
          ...base,
          where: describePath(typePath, doc),
          message:
            given === undefined
              ? 'missing block type'
              : `unknown block type ${JSON.stringify(given)}. Known types: ${knownBlockTypes.join(', ')}`,
          hint: 'every block needs "type" set to one of the known types; see src/blocks/ for each one',
        };
      }
      return { ...base, message: `none of the allowed shapes matches ${describeValue(value)}` };
    case 'unrecognized_keys':
      return {
        ...base,
        message: `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`,
        hint: 'remove it, or check its spelling against the schema (your editor autocompletes fields via "$schema")',
      };
    case 'invalid_value':
      return {
        ...base,
        message: `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, got ${JSON.stringify(value)}`,
      };
    case 'too_small':
      return {
        ...base,
        message:
          issue.origin === 'string'
            ? 'must not be empty'
            : issue.origin === 'array'
              ? `needs at least ${issue.minimum} item(s)`
              : `must be at least ${issue.minimum}`,
      };
    case 'too_big':
      return {
        ...base,
        message:
          issue.origin === 'array'
            ? `allows at most ${issue.maximum} item(s)`
            : `must be at most ${issue.maximum}${issue.origin === 'string' ? ' characters' : ''}`,
      };
    default:
      return { ...base, message: `${issue.message}${value !== undefined ? `, got ${JSON.stringify(value)}` : ''}` };
  }
}
