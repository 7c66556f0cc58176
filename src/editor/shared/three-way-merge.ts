/**
 * Three-way merge of JSON documents: `base` is the version the marketer opened, `mine` their draft, `theirs`
 * the file on disk now (a colleague's save, git). Every change one side made is kept; only a place both sides
 * changed, differently, is a conflict, named with where it is on each side and the three values, and settled
 * by a choice per conflict ('mine' unless chosen otherwise).
 *
 * Rules:
 *   - a value only one side changed takes that side's value (a removal is a change);
 *   - objects merge key by key;
 *   - lists merge item by item: items with an identity (a block's or record's `id`, a template section's
 *     `slot`) by it, the others by position with care (unchanged items matched first, then changed ones in
 *     order when they are of the same kind: the same block `type`, or both texts);
 *   - an item one side removed and the other changed is a conflict; added items are kept, each after the
 *     item it follows on its side;
 *   - the order of a list is the side's that moved its items, and a conflict when both moved them differently;
 *   - anything else both changed differently (a text, a value of another kind) is a conflict of that value.
 * Pure: no React, no requests; tests/unit/editor-merge.test.ts.
 */
import { isObject, type Path } from './json-path';

export type Choice = 'mine' | 'theirs';

export interface MergeConflict {
  /** The place by identities rather than positions (`/blocks/[id:pricing]/heading`): what a choice is kept under. */
  key: string;
  /** A value both changed, or the order of a list both reordered. */
  kind: 'value' | 'order';
  /** Where it is in my draft and in the file on disk (absent on a side that removed it), and in the version opened. */
  minePath?: Path;
  theirsPath?: Path;
  basePath?: Path;
  /** The three values; undefined where that side has none (removed, or never had it). */
  base: unknown;
  mine: unknown;
  theirs: unknown;
  /** Which one the merged document holds. */
  chosen: Choice;
}

/** A change of the other side that the merge took: what to tell the marketer the colleague changed. */
export interface TheirChange {
  kind: 'changed' | 'added' | 'removed' | 'moved';
  /** Where: in the file on disk, or (for a removal) in the version opened. */
  path: Path;
  in: 'theirs' | 'base';
  before?: unknown;
  after?: unknown;
}

export interface MergeResult {
  merged: unknown;
  conflicts: MergeConflict[];
  theirChanges: TheirChange[];
}

/** Deep equality of JSON values (key order aside); undefined is a value that is absent. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a).filter((key) => a[key] !== undefined);
    const other = Object.keys(b).filter((key) => b[key] !== undefined);
    return keys.length === other.length && keys.every((key) => jsonEqual(a[key], b[key]));
  }
  return false;
}

/** Where a value is on each side while merging; undefined on a side that does not have it. */
interface Place {
  key: string;
  base?: Path;
  mine?: Path;
  theirs?: Path;
}

const child = (place: Place, segment: string | number, key: string = String(segment)): Place => ({
  key: `${place.key}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
  ...(place.base ? { base: [...place.base, segment] } : {}),
  ...(place.mine ? { mine: [...place.mine, segment] } : {}),
  ...(place.theirs ? { theirs: [...place.theirs, segment] } : {}),
});

/** An item's identity in a list: its `id`, else its `slot`; none for other items. */
function identityOf(item: unknown): string | undefined {
  if (!isObject(item)) return undefined;
  if (typeof item.id === 'string' && item.id) return `id:${item.id}`;
  if (typeof item.slot === 'string' && item.slot) return `slot:${item.slot}`;
  return undefined;
}

/** Items of one kind, which a changed item may be matched with by position: the same block type, both texts, both lists. */
function sameKind(a: unknown, b: unknown): boolean {
  if (isObject(a) && isObject(b)) return a.type === b.type;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b);
  return typeof a === typeof b && a !== null && b !== null;
}

/** Index pairs [a, b] of a longest common subsequence of equal items, in order. */
function commonSubsequence(a: unknown[], b: unknown[]): [number, number][] {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      table[i][j] = jsonEqual(a[i], b[j]) ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (jsonEqual(a[i], b[j])) pairs.push([i++, j++]);
    else if (table[i + 1][j] >= table[i][j + 1]) i++;
    else j++;
  }
  return pairs;
}

/** Which item of `side` each item of `base` became (by base index), with identities when `keyed`. */
function align(base: unknown[], side: unknown[], keyed: boolean): Map<number, number> {
  const matched = new Map<number, number>();
  const identity = (item: unknown) => (keyed ? identityOf(item) : undefined);
  const baseByIdentity = new Map<string, number>();
  base.forEach((item, i) => {
    const id = identity(item);
    if (id) baseByIdentity.set(id, i);
  });
  side.forEach((item, j) => {
    const i = baseByIdentity.get(identity(item) ?? '');
    if (i !== undefined) matched.set(i, j);
  });
  // Items without an identity: the unchanged ones first, then changed ones of the same kind in the gaps, in order.
  const looseBase = base.flatMap((item, i) => (identity(item) ? [] : [i]));
  const looseSide = side.flatMap((item, j) => (identity(item) ? [] : [j]));
  const pairs = commonSubsequence(
    looseBase.map((i) => base[i]),
    looseSide.map((j) => side[j]),
  );
  let from = [0, 0];
  for (const [a, b] of [...pairs, [looseBase.length, looseSide.length]]) {
    let next = from[1];
    for (let x = from[0]; x < a; x++) {
      for (let y = next; y < b; y++) {
        if (!sameKind(base[looseBase[x]], side[looseSide[y]])) continue;
        matched.set(looseBase[x], looseSide[y]);
        next = y + 1;
        break;
      }
    }
    if (a < looseBase.length) matched.set(looseBase[a], looseSide[b]);
    from = [a + 1, b + 1];
  }
  return matched;
}

/** One item of the merged list: where it is in each version. */
interface Entry {
  base?: number;
  mine?: number;
  theirs?: number;
  identity?: string;
}

/** Whether a side changed the order of the base items it kept. */
const reordered = (entries: Entry[], side: 'mine' | 'theirs') => {
  const order = entries
    .filter((entry) => entry.base !== undefined && entry[side] !== undefined)
    .sort((a, b) => a[side]! - b[side]!)
    .map((entry) => entry.base!);
  return order.some((value, i) => i > 0 && value < order[i - 1]);
};

/** The order of the base items kept by both, as `side` has them. */
const commonOrder = (entries: Entry[], side: 'mine' | 'theirs') =>
  entries
    .filter((entry) => entry.base !== undefined && entry.mine !== undefined && entry.theirs !== undefined)
    .sort((a, b) => a[side]! - b[side]!)
    .map((entry) => entry.base!);

/** `primary`'s items in its order, with the other side's items it lacks placed after the item they follow there. */
function sequence(entries: Entry[], primary: 'mine' | 'theirs'): Entry[] {
  const other = primary === 'mine' ? 'theirs' : 'mine';
  const result = entries.filter((entry) => entry[primary] !== undefined).sort((a, b) => a[primary]! - b[primary]!);
  let after = -1;
  for (const entry of entries.filter((e) => e[other] !== undefined).sort((a, b) => a[other]! - b[other]!)) {
    const at = result.indexOf(entry);
    if (at >= 0) after = at;
    else result.splice(++after, 0, entry);
  }
  // Items only the version opened has (both removed them) are in neither side's order, and in no result.
  return result;
}

export function mergeJson(base: unknown, mine: unknown, theirs: unknown, choices: Record<string, Choice> = {}): MergeResult {
  const conflicts: MergeConflict[] = [];
  const theirChanges: TheirChange[] = [];

  const conflict = (place: Place, kind: MergeConflict['kind'], values: { base: unknown; mine: unknown; theirs: unknown }): Choice => {
    const chosen = choices[place.key] ?? 'mine';
    conflicts.push({
      key: place.key,
      kind,
      ...(place.mine ? { minePath: place.mine } : {}),
      ...(place.theirs ? { theirsPath: place.theirs } : {}),
      ...(place.base ? { basePath: place.base } : {}),
      ...values,
      chosen,
    });
    return chosen;
  };

  function merge(b: unknown, m: unknown, t: unknown, place: Place): unknown {
    if (jsonEqual(m, t)) return m;
    if (jsonEqual(b, t)) return m;
    if (isObject(b) && isObject(m) && isObject(t)) return mergeObject(b, m, t, place);
    if (Array.isArray(b) && Array.isArray(m) && Array.isArray(t)) return mergeArray(b, m, t, place);
    if (jsonEqual(b, m)) {
      theirChanges.push(
        t === undefined
          ? { kind: 'removed', path: place.base ?? [], in: 'base', before: b }
          : b === undefined
            ? { kind: 'added', path: place.theirs ?? [], in: 'theirs', after: t }
            : { kind: 'changed', path: place.theirs ?? [], in: 'theirs', before: b, after: t },
      );
      return t;
    }
    return conflict(place, 'value', { base: b, mine: m, theirs: t }) === 'mine' ? m : t;
  }

  function mergeObject(b: Record<string, unknown>, m: Record<string, unknown>, t: Record<string, unknown>, place: Place) {
    const keys = [...new Set([...Object.keys(m), ...Object.keys(t), ...Object.keys(b)])];
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      const at: Place = {
        ...child(place, key),
        ...(key in b ? {} : { base: undefined }),
        ...(key in m ? {} : { mine: undefined }),
        ...(key in t ? {} : { theirs: undefined }),
      };
      const value = merge(b[key], m[key], t[key], at);
      if (value !== undefined) out[key] = value;
    }
    return out;
  }

  function mergeArray(b: unknown[], m: unknown[], t: unknown[], place: Place): unknown[] {
    // Identities hold only when each is once on every side (a draft may repeat an id while being written).
    const unique = (list: unknown[]) => {
      const ids = list.map(identityOf).filter(Boolean);
      return new Set(ids).size === ids.length;
    };
    const keyed = unique(b) && unique(m) && unique(t);
    const toMine = align(b, m, keyed);
    const toTheirs = align(b, t, keyed);
    const entries: Entry[] = b.map((item, i) => ({
      base: i,
      mine: toMine.get(i),
      theirs: toTheirs.get(i),
      ...(keyed && identityOf(item) ? { identity: identityOf(item) } : {}),
    }));
    const takenMine = new Set(toMine.values());
    const takenTheirs = new Set(toTheirs.values());
    const addedByMine = new Map<string, Entry>();
    m.forEach((item, j) => {
      if (takenMine.has(j)) return;
      const identity = keyed ? identityOf(item) : undefined;
      const entry: Entry = { mine: j, ...(identity ? { identity } : {}) };
      if (identity) addedByMine.set(identity, entry);
      entries.push(entry);
    });
    t.forEach((item, k) => {
      if (takenTheirs.has(k)) return;
      const identity = keyed ? identityOf(item) : undefined;
      const same = identity ? addedByMine.get(identity) : undefined;
      if (same)
        same.theirs = k; // both added an item of this identity
      else entries.push({ theirs: k, ...(identity ? { identity } : {}) });
    });

    let primary: 'mine' | 'theirs' = 'mine';
    if (reordered(entries, 'theirs')) {
      if (!reordered(entries, 'mine')) {
        primary = 'theirs';
        theirChanges.push({ kind: 'moved', path: place.theirs ?? [], in: 'theirs' });
      } else if (!jsonEqual(commonOrder(entries, 'mine'), commonOrder(entries, 'theirs'))) {
        primary = conflict({ ...place, key: `${place.key}#order` }, 'order', { base: b, mine: m, theirs: t });
      }
    }

    const out: unknown[] = [];
    for (const entry of sequence(entries, primary)) {
      const segment = entry.identity
        ? `[${entry.identity}]`
        : entry.base !== undefined
          ? `[@${entry.base}]`
          : `[+${entry.mine ?? ''}:${entry.theirs ?? ''}]`;
      const at: Place = {
        key: child(place, 0, segment).key,
        ...(place.base && entry.base !== undefined ? { base: [...place.base, entry.base] } : {}),
        ...(place.mine && entry.mine !== undefined ? { mine: [...place.mine, entry.mine] } : {}),
        ...(place.theirs && entry.theirs !== undefined ? { theirs: [...place.theirs, entry.theirs] } : {}),
      };
      const value = merge(
        entry.base === undefined ? undefined : b[entry.base],
        entry.mine === undefined ? undefined : m[entry.mine],
        entry.theirs === undefined ? undefined : t[entry.theirs],
        at,
      );
      if (value !== undefined) out.push(value);
    }
    return out;
  }

  const merged = merge(base, mine, theirs, { key: '', base: [], mine: [], theirs: [] });
  return { merged, conflicts, theirChanges };
}
