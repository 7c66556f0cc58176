/**
 * The fields of a JSON Schema as rows a person reads: dotted names (`buttons[].label`), a plain type
 * ("text", "list of objects", "one of: 2, 3, 4"), whether it is required, its limits and description.
 * Shared by docs/blocks.md and the block gallery.
 */
import { ICON_NAMES } from '../../../vocabulary/icon-names';
import type { JsonSchema } from '../../model/json-schema-node';

export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  limits: string;
  description: string;
}

type Node = JsonSchema;

/** Longer lists of choices (icon names) are cut short; editors offer every value from the JSON Schema. */
const MAX_CHOICES = 20;

/** JSON Schema formats, in words. */
const FORMATS: Record<string, string> = { date: 'a date: YYYY-MM-DD', email: 'an email address', 'date-time': 'a date and time' };

const isIconList = (values: unknown[]) => values.length === ICON_NAMES.length && ICON_NAMES.every((name) => values.includes(name));

function choices(values: unknown[]): string {
  if (isIconList(values)) return 'an icon name (every icon is shown with its name under Icons)';
  const shown = values.slice(0, MAX_CHOICES).map((v) => JSON.stringify(v));
  return `one of: ${shown.join(', ')}${values.length > MAX_CHOICES ? `, ... (${values.length} in all; your editor lists them)` : ''}`;
}

function typeName(node: Node): string {
  const branches = node.anyOf ?? node.oneOf;
  if (branches) {
    const consts = branches.map((b) => b.const);
    if (consts.every((c) => c !== undefined)) return choices(consts);
    return branches.map(typeName).join(' or ');
  }
  if (node.const !== undefined) return `exactly ${JSON.stringify(node.const)}`;
  if (node.enum) return choices(node.enum);
  const type = [node.type].flat()[0];
  if (type === 'array') return `list of ${node.items ? plural(typeName(node.items)) : 'values'}`;
  if (type === 'string' && node.media) return node.media === 'logo' ? `image (SVG, ${node.media} slot)` : `image (${node.media} slot)`;
  if (type === 'string') return 'text';
  if (type === 'integer') return 'whole number';
  return type ?? 'any';
}

const plural = (name: string) =>
  name === 'text' ? 'texts' : name === 'object' ? 'objects' : name.startsWith('one of') ? `values, each ${name}` : name;

function limits(node: Node): string {
  const out: string[] = [];
  if (node.minLength !== undefined && node.minLength > 1) out.push(`at least ${node.minLength} characters`);
  if (node.maxLength !== undefined) out.push(`at most ${node.maxLength} characters`);
  if (node.minItems !== undefined && node.maxItems !== undefined && node.minItems === node.maxItems)
    out.push(`exactly ${node.minItems} items`);
  else {
    if (node.minItems !== undefined && node.minItems > 0) out.push(`at least ${node.minItems} item${node.minItems === 1 ? '' : 's'}`);
    if (node.maxItems !== undefined) out.push(`at most ${node.maxItems} items`);
  }
  if (node.minimum !== undefined) out.push(`from ${node.minimum}`);
  if (node.maximum !== undefined) out.push(`up to ${node.maximum}`);
  // In words: a regular expression is not something a marketer reads.
  const format = node.format ? FORMATS[node.format] : undefined;
  if (format) out.push(format);
  else if (node.patternErrorMessage) out.push(node.patternErrorMessage.replace(/^expected /, ''));
  else if (node.pattern) out.push(`matches \`${node.pattern}\``);
  return out.join('; ');
}

/** Rows for every field under `node` (an object schema), nested fields after their parent. */
export function fieldRows(node: Node, prefix = ''): FieldRow[] {
  const rows: FieldRow[] = [];
  const required = new Set(node.required ?? []);
  for (const [name, child] of Object.entries(node.properties ?? {}) as [string, Node][]) {
    if (name === '$schema') continue;
    const full = `${prefix}${name}`;
    rows.push({
      name: full,
      type: typeName(child),
      required: required.has(name),
      limits: limits(child),
      description: child.description ?? '',
    });
    const type = [child.type].flat()[0];
    if (type === 'object') rows.push(...fieldRows(child, `${full}.`));
    if (type === 'array' && child.items && [child.items.type].flat()[0] === 'object')
      rows.push(...fieldRows(child.items as Node, `${full}[].`));
  }
  return rows;
}
