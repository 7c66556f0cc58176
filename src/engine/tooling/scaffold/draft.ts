/**
 * A first draft of a value from its JSON Schema: every text the marketer must write is clearly marked placeholder
 * text ("TODO: Headline (h1)"), which validation names, one by one, until it is replaced (and the build refuses), and
 * a section's heading is drafted so even where it is optional. A yes/no, a number or a choice is never text: an
 * optional one is left unset; a required one takes the schema's default, else off, the least, or the first choice,
 * and is listed in `chosen` so the marketer is told to check it. No example value, no setting (columns, tints), no
 * other optional field is copied in; a required list starts with as many items as it must have (at least one).
 */
import type { JsonSchema } from '../../model/json-schema-node';
import { TODO_MARKER } from '../../load/checks/site-checks';

/** A value the draft had to set (a required yes/no, number or choice): the marketer checks it. */
export interface ChosenValue {
  /** The field's name and what it is, from its description. */
  field: string;
  label: string;
  value: unknown;
}

/** Optional fields a draft still writes, as placeholder text: a section's heading, which a page rarely does without. */
const DRAFTED_OPTIONAL = new Set(['heading']);

/** "Headline (h1)" from a description; the field name when there is none. */
function label(node: JsonSchema, key: string): string {
  return (node.description ?? key).split(/,? e\.g\.|;\s|\.\s(?=[A-Z(])/)[0];
}

function todoText(node: JsonSchema, key: string): string {
  const text = `${TODO_MARKER} ${label(node, key)}`;
  if (node.maxLength === undefined || text.length <= node.maxLength) return text;
  return `${TODO_MARKER} ${key}`.slice(0, node.maxLength);
}

/** The draft of `node`, a value the marketer must provide; a value set for them is added to `chosen`. */
export function draftValue(node: JsonSchema, key = 'text', chosen: ChosenValue[] = []): unknown {
  const set = (value: unknown) => {
    chosen.push({ field: key, label: label(node, key), value });
    return value;
  };
  if (node.default !== undefined) return set(node.default);
  const branches = node.anyOf ?? node.oneOf;
  if (branches) {
    const values = branches.flatMap((branch) => (branch.const !== undefined ? [branch.const] : (branch.enum ?? [])));
    if (values.length === branches.length) return set(values[0]);
    // A value or a word (a price, "Custom"): the first shape that is not a constant.
    return draftValue(branches.find((branch) => branch.type !== 'null') ?? branches[0], key, chosen);
  }
  if (node.const !== undefined) return node.const;
  if (node.enum) return set(node.enum[0]);
  const type = [node.type].flat()[0];
  switch (type) {
    case 'string':
      return todoText(node, key);
    case 'number':
    case 'integer':
      return set(node.minimum ?? node.exclusiveMinimum ?? 0);
    case 'boolean':
      return set(false);
    case 'array': {
      const count = Math.max(node.minItems ?? 0, 1);
      return Array.from({ length: count }, (_, i) => draftValue(node.prefixItems?.[i] ?? node.items ?? {}, key.replace(/s$/, ''), chosen));
    }
    case 'object': {
      const required = new Set(node.required ?? []);
      const entries = Object.entries(node.properties ?? {})
        .filter(([name]) => name !== '$schema' && (required.has(name) || DRAFTED_OPTIONAL.has(name)))
        .map(([name, child]) => [name, draftValue(child, name, chosen)] as const);
      // A template section's `slot` first, so the marketer sees which section it is.
      return Object.fromEntries(entries.sort(([a], [b]) => Number(b === 'slot') - Number(a === 'slot')));
    }
    default:
      return `${TODO_MARKER} ${label(node, key)}`;
  }
}
