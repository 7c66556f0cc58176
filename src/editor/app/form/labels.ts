/**
 * What a field is called on screen, and a place in a document in those words: the `label` its schema declares (in a
 * marketer's words, src/engine/model/fields.ts) or else its key in words; a list item by its list ("Question 3"); a section
 * by its block's name ("FAQ"). So a problem reads "FAQ › Question 3: must not be empty", never
 * /blocks/4/items/2/question.
 */
import type { JsonSchema } from '../../protocol';
import { isObject, pathOf, pointerOf, type Path } from '../../shared/json-path';
import { deref, itemSchemaFor, labelOf, realBranches, recordValueSchema, singular, type Resolved } from './schema';
import { itemTitle } from '../../shared/item-title';

/** The name of a field: its schema's `label`, or its key in words. */
export const fieldLabel = (key: string, node: JsonSchema) => node.label ?? labelOf(key);

const capitalized = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/**
 * What one item of a list is called: the label its items declare ("Paragraph"), or the list's name in the singular
 * ("question" for a list labelled "Questions", "card" for `cards`).
 */
export const itemNoun = (listKey: string, listNode: JsonSchema) =>
  listNode.items?.label?.toLowerCase() ?? singular(listNode.label ?? listKey);

/** The name of a list's item: "Question 3". */
export const itemLabel = (listKey: string, listNode: JsonSchema, index: number) =>
  `${capitalized(itemNoun(listKey, listNode))} ${index + 1}`;

/** Of a union (a price: an amount or words), the branch the value is: by its JSON type. */
function branchFor(node: Resolved, value: unknown, root: JsonSchema): Resolved {
  const branches = realBranches(node, root);
  if (!branches.length) return node;
  const type = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
  const matching = branches.find((branch) => [branch.type].flat().some((t) => t === type || (t === 'integer' && type === 'number')));
  return { ...(matching ?? branches[0]), description: node.description, label: node.label ?? (matching ?? branches[0]).label };
}

export interface PointerWordsOptions {
  /** A name the view gives a place (a section of a template page by the template's name for it), by pointer. */
  nameOf?: (pointer: string) => string | undefined;
}

/**
 * `pointer` in `doc` (read with `root`, the document's schema) in words, each step by its label: "FAQ › Question 3 ›
 * Answer", "Page settings › Title in search results and tabs", "Record 2 (Growth) › Price". A step the schema does not
 * know is named by its key. The document itself is "" (the problem is with the whole of it).
 */
export function pointerWords(pointer: string, doc: unknown, root: JsonSchema, { nameOf }: PointerWordsOptions = {}): string {
  const path = pathOf(pointer);
  const words: string[] = [];
  let node: Resolved = deref(root, root);
  let value: unknown = doc;
  /** The last step was a list's item, called this (merged with a field of the same name: "Question 3", not "Question 3 › Question"). */
  let lastNoun: string | undefined;
  for (let index = 0; index < path.length; index++) {
    const key = path[index];
    const here: Path = path.slice(0, index + 1);
    const given = nameOf?.(pointerOf(here));
    node = node.anyOf ? branchFor(node, value, root) : node;
    let word: string;
    if (typeof key === 'number') {
      const listKey = String(path[index - 1] ?? 'item');
      const item = Array.isArray(value) ? value[key] : undefined;
      const itemNode = itemSchemaFor(node, item, root);
      const noun = itemNoun(listKey, node);
      // The list's own name is said by its item ("Question 3"), or a section by its block's name ("FAQ").
      if (words.length && words[words.length - 1] === fieldLabel(listKey, node)) words.pop();
      const title = index === 1 && !itemNode.title ? itemTitle(item) : undefined;
      word = given ?? itemNode.title ?? `${itemLabel(listKey, node, key)}${title ? ` (${title})` : ''}`;
      lastNoun = itemNode.title || given ? undefined : noun;
      node = itemNode;
      value = item;
    } else {
      const child = node.properties?.[key] ?? recordValueSchema(node);
      const childNode = deref(child, root);
      const named = node.properties?.[key] ? fieldLabel(key, childNode) : `“${key}”`;
      word = given ?? named;
      if (lastNoun && word.toLowerCase() === lastNoun.toLowerCase()) word = '';
      lastNoun = undefined;
      node = childNode;
      value = isObject(value) ? value[key] : undefined;
    }
    if (word) words.push(word);
  }
  return words.join(' › ');
}
