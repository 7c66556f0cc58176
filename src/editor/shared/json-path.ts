/**
 * Paths into a JSON document (`['blocks', 2, 'heading']`), their JSON Pointer form (`/blocks/2/heading`,
 * RFC 6901, as problems name places), and immutable changes at a path: the rest of the document keeps
 * its objects, so unchanged parts compare equal and keep their key order.
 */
import { jsonPointer, pathOfPointer } from '../../lib/json-pointer';

export type Path = readonly (string | number)[];

export const pointerOf: (path: Path) => string = jsonPointer;

export const pathOf = pathOfPointer;

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function getAt(doc: unknown, path: Path): unknown {
  let node = doc;
  for (const key of path) {
    if (Array.isArray(node) && typeof key === 'number') node = node[key];
    else if (isObject(node) && typeof key === 'string') node = node[key];
    else return undefined;
  }
  return node;
}

/** `doc` with the value at `path` set (undefined removes an object key). Missing objects on the way are created. */
export function setAt(doc: unknown, path: Path, value: unknown): unknown {
  if (!path.length) return value;
  const [key, ...rest] = path;
  if (typeof key === 'number') {
    const list = Array.isArray(doc) ? [...doc] : [];
    list[key] = setAt(list[key], rest, value);
    return list;
  }
  const object: Record<string, unknown> = isObject(doc) ? { ...doc } : {};
  const next = setAt(object[key], rest, value);
  if (next === undefined) delete object[key];
  else object[key] = next;
  return object;
}

/** Changes the list at `path` (a copy of it is passed to `change`). */
export function updateList(doc: unknown, path: Path, change: (list: unknown[]) => void): unknown {
  const current = getAt(doc, path);
  const list = Array.isArray(current) ? [...current] : [];
  change(list);
  return setAt(doc, path, list);
}

export const moveItem = (doc: unknown, path: Path, from: number, to: number) =>
  updateList(doc, path, (list) => {
    const [item] = list.splice(from, 1);
    list.splice(to, 0, item);
  });

/** Whether `pointer` is `under` or inside it. */
export const isUnder = (pointer: string, under: string) => pointer === under || pointer.startsWith(`${under}/`);
