/**
 * A hash of a value made of plain data (what a page renders from: its document, the site data, collections), the same
 * for equal values whatever the order their objects' keys were written in. Anything that is not plain data (a
 * function, a class instance) is refused: it could differ without its hash differing, and an incremental publish
 * would then reuse a page whose inputs changed.
 */
import { createHash, type Hash } from 'node:crypto';

function feed(hash: Hash, value: unknown): void {
  if (value === null) {
    hash.update('n');
    return;
  }
  switch (typeof value) {
    case 'string':
      // Its length, then its UTF-16 code units: no two strings (lone surrogates included) feed the same bytes.
      hash.update(`s${value.length}:`).update(value, 'utf16le');
      return;
    case 'number':
      hash.update(`d${Object.is(value, -0) ? '-0' : String(value)};`);
      return;
    case 'boolean':
      hash.update(value ? 't' : 'f');
      return;
    case 'undefined':
      hash.update('u');
      return;
    case 'object':
      break;
    default:
      throw new Error(`cannot hash a ${typeof value}: a page's inputs are plain data`);
  }
  if (Array.isArray(value)) {
    hash.update(`a${value.length}[`);
    value.forEach((item) => feed(hash, item));
  } else if (value instanceof Map) {
    hash.update(`m${value.size}[`);
    for (const [key, item] of value) {
      feed(hash, key);
      feed(hash, item);
    }
  } else if (value instanceof Set) {
    hash.update(`e${value.size}[`);
    for (const item of value) feed(hash, item);
  } else {
    const prototype = Object.getPrototypeOf(value) as unknown;
    if (prototype !== Object.prototype && prototype !== null)
      throw new Error(`cannot hash a ${(value as object).constructor?.name ?? 'class instance'}: a page's inputs are plain data`);
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    hash.update(`o${entries.length}[`);
    for (const [key, item] of entries) {
      feed(hash, key);
      feed(hash, item);
    }
  }
  hash.update(']');
}

/** The SHA-256 of the values, in order, as hex. */
export function stableHash(...values: unknown[]): string {
  const hash = createHash('sha256');
  values.forEach((value) => feed(hash, value));
  return hash.digest('hex');
}
