/**
 * Writes a changed document back into its file's text, changing only what changed: every value, key
 * and array item that is the same keeps its text byte for byte (its formatting, indentation, key
 * order, escapes), a moved array item keeps its own text, and new values are written in the style
 * around them (multi-line with the file's indentation and line ends, or on one line in a compact
 * file). A change of one heading is a one-line change of the file.
 *
 * The file's text is parsed with jsonc-parser (offsets of every node); the result is checked to
 * parse back to exactly the intended document, or nothing is returned.
 */
import { getNodeValue, parseTree, type Node, type ParseError } from 'jsonc-parser';
import { isPlainObject } from '../../lib/is-plain-object';

/** How a file is laid out: its line end, one level of indentation, and the spacing of commas on one line. */
interface TextStyle {
  eol: string;
  unit: string;
  /** What follows a comma between items written on one line: ' ' or ''. */
  inlineComma: string;
  /** What follows a colon: ' ' or ''. */
  colon: string;
}

export class JsonEditError extends Error {
  override name = 'JsonEditError';
}

/** Deep equality of JSON values (object key order does not matter, array order does). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && jsonEqual(a[key], b[key]));
  }
  return false;
}

function detectStyle(text: string): TextStyle {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indents = [...text.matchAll(/\n([ \t]+)\S/g)].map((match) => match[1]);
  const tabs = indents.length > 0 && indents[0].startsWith('\t');
  const spaces = indents.filter((indent) => !indent.includes('\t')).map((indent) => indent.length);
  const unit = tabs ? '\t' : ' '.repeat(spaces.length ? Math.min(...spaces) : 2);
  const inline = /,([ ]*)["\d[{tfn-]/.exec(text);
  const colon = /"\s*:([ ]?)/.exec(text);
  return { eol, unit, inlineComma: inline ? inline[1] : ' ', colon: colon ? colon[1] : ' ' };
}

/** `text` with `next` in place of its document, changed only where the document changed. */
export function editJsonText(text: string, next: unknown): string {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  if (!root || errors.length) throw new JsonEditError('the file is not valid JSON, so it cannot be edited in place');
  const style = detectStyle(text);
  const multiLineFile = text.trim().includes('\n');
  const slice = (node: Node) => text.slice(node.offset, node.offset + node.length);
  /** The whitespace a line starts with, for the line that holds `offset`. */
  const lineIndent = (offset: number) => {
    const start = text.lastIndexOf('\n', offset - 1) + 1;
    return /^[ \t]*/.exec(text.slice(start))![0];
  };
  const isMultiLine = (node: Node) => slice(node).includes('\n');

  function serialize(value: unknown, indent: string, multiLine: boolean): string {
    if (!multiLine || value === null || typeof value !== 'object') return inline(value);
    return JSON.stringify(value, null, style.unit)
      .split('\n')
      .join(style.eol + indent);
  }

  /** `value` on one line; `pad` inside non-empty brackets (`{ "a": 1 }`) as the items around it are written. */
  function inline(value: unknown, pad = ''): string {
    const wrap = (open: string, items: string[], close: string) =>
      items.length ? `${open}${pad}${items.join(`,${style.inlineComma}`)}${pad}${close}` : open + close;
    if (Array.isArray(value))
      return wrap(
        '[',
        value.map((item) => inline(item, pad)),
        ']',
      );
    if (isPlainObject(value))
      return wrap(
        '{',
        Object.entries(value).map(([key, child]) => `${JSON.stringify(key)}:${style.colon}${inline(child, pad)}`),
        '}',
      );
    return JSON.stringify(value);
  }

  /** One entry of a rebuilt object or array: its text, and the index of the original child it stands in for, if any. */
  interface Entry {
    text: string;
    original?: number;
  }

  /** A container's text from its entries: original separators between entries that were neighbours, its own style elsewhere. */
  function compose(node: Node, entries: Entry[]): string {
    const whole = slice(node);
    const open = whole[0];
    const close = whole[whole.length - 1];
    const children = node.children ?? [];
    if (!entries.length) return `${open}${children.length ? '' : whole.slice(1, -1)}${close}`;
    let lead: string;
    let trail: string;
    let separator: string;
    if (children.length) {
      const first = children[0];
      const last = children[children.length - 1];
      lead = text.slice(node.offset + 1, first.offset);
      trail = text.slice(last.offset + last.length, node.offset + node.length - 1);
      separator =
        children.length > 1
          ? text.slice(first.offset + first.length, children[1].offset)
          : lead.includes('\n')
            ? `,${lead}`
            : `,${style.inlineComma}`;
    } else if (multiLineFile) {
      const indent = lineIndent(node.offset);
      lead = `${style.eol}${indent}${style.unit}`;
      trail = `${style.eol}${indent}`;
      separator = `,${lead}`;
    } else {
      lead = '';
      trail = '';
      separator = `,${style.inlineComma}`;
    }
    let out = open + lead + entries[0].text;
    for (let i = 1; i < entries.length; i++) {
      const before = entries[i - 1].original;
      const after = entries[i].original;
      const neighbours = before !== undefined && after !== undefined && after === before + 1;
      out +=
        (neighbours ? text.slice(children[before].offset + children[before].length, children[after].offset) : separator) + entries[i].text;
    }
    return out + trail + close;
  }

  /** Where a new entry of this container starts its line, and whether entries go on lines of their own. */
  function entryLayout(node: Node): { indent: string; multiLine: boolean } {
    const children = node.children ?? [];
    if (children.length) return { indent: lineIndent(children[0].offset), multiLine: isMultiLine(node) };
    return { indent: lineIndent(node.offset) + style.unit, multiLine: multiLineFile };
  }

  function render(node: Node, value: unknown): string {
    if (jsonEqual(getNodeValue(node), value)) return slice(node);
    if (node.type === 'object' && isPlainObject(value)) return renderObject(node, value);
    if (node.type === 'array' && Array.isArray(value)) return renderArray(node, value);
    // A value of another kind: on lines of its own where the value or the entries around it are.
    return serialize(value, lineIndent(node.offset), isMultiLine(node) || parentIsMultiLine(node));
  }

  const parentIsMultiLine = (node: Node): boolean => {
    const container = node.parent?.type === 'property' ? node.parent.parent : node.parent;
    return container ? isMultiLine(container) : multiLineFile;
  };

  function renderObject(node: Node, value: Record<string, unknown>): string {
    const properties = node.children ?? [];
    const keyOf = (property: Node) => property.children![0].value as string;
    const originalKeys = properties.map(keyOf);
    const layout = entryLayout(node);
    const newProperty = (key: string): Entry => ({
      text: `${JSON.stringify(key)}:${style.colon}${serialize(value[key], layout.indent, layout.multiLine)}`,
    });
    // New keys go after the kept key they follow in the document (the file's order of kept keys is kept).
    const startNew: string[] = [];
    const after = new Map<string, string[]>();
    let lastKept: string | undefined;
    for (const key of Object.keys(value)) {
      if (originalKeys.includes(key)) lastKept = key;
      else if (lastKept === undefined) startNew.push(key);
      else after.set(lastKept, [...(after.get(lastKept) ?? []), key]);
    }
    const entries: Entry[] = startNew.map(newProperty);
    properties.forEach((property, index) => {
      const key = keyOf(property);
      if (!(key in value)) return;
      const valueNode = property.children![1];
      const head = text.slice(property.offset, valueNode.offset);
      entries.push({ text: head + render(valueNode, value[key]), original: index });
      for (const added of after.get(key) ?? []) entries.push(newProperty(added));
    });
    return compose(node, entries);
  }

  function renderArray(node: Node, value: unknown[]): string {
    const children = node.children ?? [];
    const old = children.map((child) => getNodeValue(child) as unknown);
    const matches = longestCommonSubsequence(old, value);
    const layout = entryLayout(node);
    const matchedOld = new Set(matches.map(([i]) => i));
    const matchedNew = new Set(matches.map(([, j]) => j));
    // Items that moved: a new item equal to an old one left unmatched keeps that one's text.
    const moved = new Map<number, number>(); // new index -> old index
    const usedOld = new Set<number>();
    value.forEach((item, j) => {
      if (matchedNew.has(j)) return;
      const i = old.findIndex((candidate, index) => !matchedOld.has(index) && !usedOld.has(index) && jsonEqual(candidate, item));
      if (i >= 0) {
        moved.set(j, i);
        usedOld.add(i);
      }
    });
    // A new item is written as the items of its kind around it are: on one line if they are (`{ "value": "5X", ... }`).
    const newItem = (item: unknown) => {
      const kind = Array.isArray(item) ? '[' : isPlainObject(item) ? '{' : undefined;
      const sibling = kind && children.find((child) => slice(child).startsWith(kind));
      if (sibling && !isMultiLine(sibling)) return inline(item, slice(sibling)[1] === ' ' ? ' ' : '');
      return serialize(item, layout.indent, layout.multiLine);
    };
    const entries: Entry[] = [];
    const bounds: [number, number][] = [...matches, [old.length, value.length]];
    let oldAt = 0;
    let newAt = 0;
    for (const [matchOld, matchNew] of bounds) {
      // The gap before this match: old items not matched or moved are changed in place, in order, by the new ones.
      const oldGap = range(oldAt, matchOld).filter((i) => !usedOld.has(i));
      let paired = 0;
      for (let j = newAt; j < matchNew; j++) {
        const movedFrom = moved.get(j);
        if (movedFrom !== undefined)
          entries.push({ text: reindent(slice(children[movedFrom]), lineIndent(children[movedFrom].offset), layout.indent) });
        else if (paired < oldGap.length) {
          const i = oldGap[paired++];
          entries.push({ text: render(children[i], value[j]), original: i });
        } else entries.push({ text: newItem(value[j]) });
      }
      if (matchOld < old.length) entries.push({ text: slice(children[matchOld]), original: matchOld });
      oldAt = matchOld + 1;
      newAt = matchNew + 1;
    }
    return compose(node, entries);
  }

  const reindent = (itemText: string, from: string, to: string) => (from === to ? itemText : itemText.split(`\n${from}`).join(`\n${to}`));

  const result = text.slice(0, root.offset) + render(root, next) + text.slice(root.offset + root.length);
  let parsed: unknown;
  try {
    parsed = JSON.parse(result);
  } catch {
    throw new JsonEditError('the edited text would not be valid JSON (nothing was written)');
  }
  if (!jsonEqual(parsed, next)) throw new JsonEditError('the edited text would not read back as the edited document (nothing was written)');
  return result;
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

/** Index pairs [old, new] of a longest common subsequence of equal items, in order. */
function longestCommonSubsequence(a: unknown[], b: unknown[]): [number, number][] {
  const n = a.length;
  const m = b.length;
  const table = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      table[i][j] = jsonEqual(a[i], b[j]) ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (jsonEqual(a[i], b[j])) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (table[i + 1][j] >= table[i][j + 1]) i++;
    else j++;
  }
  return pairs;
}
