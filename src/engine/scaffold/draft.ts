/**
 * A first draft of a value from its JSON Schema: everything the marketer must write or choose is clearly marked
 * placeholder text ("TODO: Headline (h1)", "TODO: choose one of: Insurance, Healthcare, ..."), which validation
 * names, one by one, until it is replaced (and the build refuses). Nothing is chosen for them: no example value,
 * no setting (columns, tints), no optional field is copied in; a required list starts with as many items as it
 * must have (at least one).
 */
import type { JsonSchema } from '../json-schema-node';
import { TODO_MARKER } from '../site-checks';

/** Longer lists of choices are named, not printed; the reference lists them. */
const LISTED_CHOICES = 20;

/** "Headline (h1)" from a description; the field name when there is none. */
function label(node: JsonSchema, key: string): string {
  return (node.description ?? key).split(/,? e\.g\.|;\s|\.\s(?=[A-Z(])/)[0];
}

function todoText(node: JsonSchema, key: string): string {
  const text = `${TODO_MARKER} ${label(node, key)}`;
  if (node.maxLength === undefined || text.length <= node.maxLength) return text;
  return `${TODO_MARKER} ${key}`.slice(0, node.maxLength);
}

/** The choice to make, stated where the value goes. */
function choice(values: unknown[], key: string): string {
  if (values.length > LISTED_CHOICES) return `${TODO_MARKER} choose the ${key} (every value is in /__blocks and docs/blocks.md)`;
  return `${TODO_MARKER} choose one of: ${values.map(String).join(', ')}`;
}

/** The draft of `node`, a value the marketer must provide. */
export function draftValue(node: JsonSchema, key = 'text'): unknown {
  const branches = node.anyOf ?? node.oneOf;
  if (branches) {
    const values = branches.flatMap((branch) => (branch.const !== undefined ? [branch.const] : (branch.enum ?? [])));
    if (values.length === branches.length) return choice(values, key);
    // A value or a word (a price, "Custom"): the first shape that is not a constant.
    return draftValue(branches.find((branch) => branch.type !== 'null') ?? branches[0], key);
  }
  if (node.const !== undefined) return node.const;
  if (node.enum) return choice(node.enum, key);
  const type = [node.type].flat()[0];
  switch (type) {
    case 'string':
      return todoText(node, key);
    case 'number':
    case 'integer':
      return `${TODO_MARKER} a number: ${label(node, key)}`;
    case 'boolean':
      return `${TODO_MARKER} true or false: ${label(node, key)}`;
    case 'array': {
      const count = Math.max(node.minItems ?? 0, 1);
      return Array.from({ length: count }, (_, i) => draftValue(node.prefixItems?.[i] ?? node.items ?? {}, key.replace(/s$/, '')));
    }
    case 'object': {
      const required = new Set(node.required ?? []);
      const entries = Object.entries(node.properties ?? {})
        .filter(([name]) => name !== '$schema' && required.has(name))
        .map(([name, child]) => [name, draftValue(child, name)] as const);
      // A template section's `slot` first, so the marketer sees which section it is.
      return Object.fromEntries(entries.sort(([a], [b]) => Number(b === 'slot') - Number(a === 'slot')));
    }
    default:
      return `${TODO_MARKER} ${label(node, key)}`;
  }
}
