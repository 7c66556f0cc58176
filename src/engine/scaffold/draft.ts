/**
 * A first draft of a value from its JSON Schema: every free text becomes clearly marked placeholder
 * text ("TODO: Headline (h1)") that validation names until it is replaced; what the schema
 * constrains (links, icons, choices, numbers) is taken from an example so the draft is valid as written.
 */
import type { JsonSchemaNode } from '../json-schema-node';
import { TODO_MARKER } from '../site-checks';

/** "Headline (h1)" from a description; the field name when there is none. */
function todoText(node: JsonSchemaNode, key: string): string {
  const label = (node.description ?? key).split(/,? e\.g\.|;\s|\.\s(?=[A-Z(])/)[0];
  const text = `${TODO_MARKER} ${label}`;
  if (node.maxLength === undefined || text.length <= node.maxLength) return text;
  return `${TODO_MARKER} ${key}`.slice(0, node.maxLength);
}

const typeOf = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

function accepts(node: JsonSchemaNode, value: unknown): boolean {
  if (value === undefined) return false;
  if (node.const !== undefined) return node.const === value;
  if (node.enum) return node.enum.includes(value);
  const types = node.type === undefined ? [] : [node.type].flat();
  const kind = typeOf(value);
  return !types.length || types.includes(kind) || (kind === 'number' && types.includes('integer'));
}

/**
 * The draft of `node`, taking what it cannot make up from `example` (the block's example.json, an
 * existing record). Optional object fields are kept only when the example has them.
 */
export function draftValue(node: JsonSchemaNode, example: unknown, key = 'text'): unknown {
  const branches = node.anyOf ?? node.oneOf;
  if (branches) {
    const branch = branches.find((b) => accepts(b, example)) ?? branches.find((b) => b.type !== 'null') ?? branches[0];
    return draftValue(branch, example, key);
  }
  if (node.const !== undefined) return node.const;
  if (node.enum) return node.enum.includes(example) ? example : node.enum[0];
  const type = [node.type].flat()[0];
  switch (type) {
    case 'string':
      if (node.pattern || node.format) return typeof example === 'string' ? example : '';
      return todoText(node, key);
    case 'number':
    case 'integer':
      return typeof example === 'number' ? example : 0;
    case 'boolean':
      return typeof example === 'boolean' ? example : false;
    case 'array': {
      const examples = Array.isArray(example) ? example : [];
      const count = Math.min(Math.max(examples.length || 1, node.minItems ?? 0), node.maxItems ?? Infinity);
      return Array.from({ length: count }, (_, i) => {
        const itemNode = node.prefixItems?.[i] ?? node.items ?? {};
        return draftValue(itemNode, examples.length ? examples[i % examples.length] : undefined, key.replace(/s$/, ''));
      });
    }
    case 'object': {
      const source = example && typeof example === 'object' && !Array.isArray(example) ? (example as Record<string, unknown>) : {};
      const required = new Set(node.required ?? []);
      const entries = Object.entries(node.properties ?? {})
        .filter(([name]) => name !== '$schema' && (required.has(name) || name in source))
        .map(([name, child]) => [name, draftValue(child, source[name], name)] as const);
      // A template section's `slot` first, so the marketer sees which section it is.
      return Object.fromEntries(entries.sort(([a], [b]) => Number(b === 'slot') - Number(a === 'slot')));
    }
    default:
      return example;
  }
}
