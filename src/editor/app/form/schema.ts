/**
 * Reading the generated JSON Schemas (src/engine/load/documents/json-schemas.ts) to build forms: `$ref`s resolved into
 * `$defs`, a list of blocks picking each item's definition by its `type` (a template page's sections by
 * their `slot`) as the schema's if/then says, and each field classified by what it holds. Nothing here
 * knows a block: every form comes from the schemas.
 */
import type { JsonSchema } from '../../protocol';
import { isObject } from '../../shared/json-path';

/** A resolved schema node, with the name of the `$defs` entry it came from (`Href`, `Icon`, `Hero`). */
export type Resolved = JsonSchema & { defName?: string };

/** Follows `$ref`s into the root's `$defs`; the referring node's description wins (a field says what it is for). */
export function deref(node: JsonSchema | undefined, root: JsonSchema): Resolved {
  if (!node) return {};
  let current: Resolved = node;
  let defName: string | undefined;
  for (let depth = 0; current.$ref && depth < 20; depth++) {
    const name = current.$ref.replace('#/$defs/', '');
    const target = root.$defs?.[name];
    if (!target) break;
    const { $ref: _ref, ...own } = current;
    current = { ...target, ...own };
    defName = name;
  }
  return defName ? { ...current, defName } : current;
}

/** The key a list's items are told apart by (`type`, `slot`), when its items are picked by if/then. */
export function discriminatorOf(node: JsonSchema): string | undefined {
  const key = node.required?.[0];
  if (!key || !node.allOf?.length || !node.properties?.[key]?.enum) return undefined;
  return node.allOf.every((entry) => entry.if?.properties?.[key]?.const !== undefined) ? key : undefined;
}

/** The schema of one item of a list: the definition its discriminator names, or the list's only item schema. */
export function itemSchemaFor(listNode: JsonSchema, item: unknown, root: JsonSchema): Resolved {
  const items = deref(listNode.items, root);
  const key = discriminatorOf(items);
  if (!key) return items;
  const value = isObject(item) ? item[key] : undefined;
  const branch = items.allOf!.find((entry) => entry.if!.properties![key].const === value);
  return branch?.then ? deref(branch.then, root) : items;
}

/**
 * How a field is edited: each kind is one file in fields/. `money`: an amount and its currency (the engine's `Money`),
 * or, where the schema allows, words instead ("Custom"). `variant`: one of several object shapes (a menu entry: a link
 * or a folder's menu). `record`: an object whose keys are the content's own (names by value). `json`: only a value
 * the form cannot represent.
 */
export type FieldKind =
  | 'const'
  | 'text'
  | 'link'
  | 'image'
  | 'icon'
  | 'enum'
  | 'number'
  | 'boolean'
  | 'date'
  | 'money'
  | 'object'
  | 'variant'
  | 'record'
  | 'array'
  | 'json';

/** Fields that hold a link: `href`, and fields named for one (`ctaUrl`, `moreHref`), as validation reads them. */
const LINK_KEY = /^href$|Href$|Url$/;

const typeOf = (node: JsonSchema) => [node.type].flat().find((type) => type && type !== 'null');

/** The values of a choice: an `enum`, or an `anyOf` of constants (`2 | 3 | 4`). */
export function choicesOf(node: JsonSchema): unknown[] | undefined {
  if (node.enum) return node.enum;
  if (node.anyOf?.length && node.anyOf.every((branch) => branch.const !== undefined)) return node.anyOf.map((branch) => branch.const);
  return undefined;
}

/** The shared shape of money in the schemas' `$defs` (src/engine/load/documents/json-schemas.ts). */
const MONEY = 'Money';

const hasProperties = (node: JsonSchema) => Boolean(node.properties && Object.keys(node.properties).length);

/** The branches of a union that hold a value (not `null`), resolved. */
export const realBranches = (node: JsonSchema, root: JsonSchema): Resolved[] =>
  (node.anyOf ?? []).filter((branch) => typeOf(deref(branch, root)) !== undefined || branch.$ref).map((branch) => deref(branch, root));

/** The amount-and-currency shape of a money field, and the text a price may be instead ("Custom"), when the schema allows one. */
export function moneyParts(node: Resolved, root: JsonSchema): { money: Resolved; words?: Resolved } | undefined {
  if (node.defName === MONEY) return { money: node };
  const branches = realBranches(node, root);
  const money = branches.find((branch) => branch.defName === MONEY);
  if (!money) return undefined;
  const others = branches.filter((branch) => branch !== money);
  if (others.length > 1 || (others[0] && typeOf(others[0]) !== 'string')) return undefined;
  return { money, words: others[0] };
}

/** The value schema of an object whose keys are the content's own (`{ "Healthcare": "Healthcare" }`), when it is one. */
export const recordValueSchema = (node: JsonSchema): JsonSchema | undefined =>
  typeOf(node) === 'object' && !hasProperties(node) && typeof node.additionalProperties === 'object'
    ? node.additionalProperties
    : undefined;

export function fieldKind(key: string | number, node: Resolved, root: JsonSchema): FieldKind {
  if (node.const !== undefined) return 'const';
  if (choicesOf(node)) return node.defName === 'Icon' || key === 'icon' ? 'icon' : 'enum';
  if (moneyParts(node, root)) return 'money';
  if (node.anyOf) {
    const real = realBranches(node, root);
    if (real.length === 1) return fieldKind(key, { ...real[0], description: node.description ?? real[0].description }, root);
    return real.every((branch) => typeOf(branch) === 'object' && hasProperties(branch)) ? 'variant' : 'json';
  }
  switch (typeOf(node)) {
    case 'string':
      if (node.media) return 'image';
      if (node.format === 'date') return 'date';
      return node.defName === 'Href' || (typeof key === 'string' && LINK_KEY.test(key)) ? 'link' : 'text';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return node.items ? 'array' : 'json';
    case 'object':
      return hasProperties(node) ? 'object' : recordValueSchema(node) ? 'record' : 'json';
    default:
      return 'json';
  }
}

/** Field labels ("Time to value") and item names ("card"): worded as everywhere in the editor. */
export { labelOf, singular } from '../../shared/field-words';

/** A first value for a new field or list item: required fields present and empty, choices at their first option. */
export function emptyValue(node: Resolved, root: JsonSchema, key: string | number = ''): unknown {
  if (node.const !== undefined) return node.const;
  const choices = choicesOf(node);
  if (choices) return choices[0];
  if (node.anyOf) return emptyValue(deref(node.anyOf.find((branch) => typeOf(deref(branch, root))) ?? node.anyOf[0], root), root, key);
  switch (typeOf(node)) {
    case 'string':
      return '';
    case 'number':
    case 'integer':
      return node.minimum ?? 0;
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: node.minItems ?? 0 }, () => emptyValue(deref(node.items, root), root));
    case 'object': {
      const required = new Set(node.required ?? []);
      return Object.fromEntries(
        Object.entries(node.properties ?? {})
          .filter(([name]) => required.has(name))
          .map(([name, child]) => [name, emptyValue(deref(child, root), root, name)]),
      );
    }
    default:
      return null;
  }
}

/**
 * What a counter under a text field measures against: the schema's hard maximum (`maxLength`), or the soft length
 * aim it declares (`aim`, from src/engine/model/fields.ts: a page title at most 60 characters, a description 50 to 160).
 */
export function lengthLimits(node: JsonSchema): { min?: number; max: number; hard: boolean } | undefined {
  if (node.maxLength !== undefined) return { max: node.maxLength, hard: true };
  return node.aim ? { ...node.aim, hard: false } : undefined;
}
