/** A content problem, and how it is printed for a marketer. */
export interface Problem {
  /** Path of the document, relative to the repository root: `pages-json/terms.json`. */
  file: string;
  /** Where in the document: `blocks[3] (StatBand) stats[1].value`; empty for the whole file. */
  where: string;
  message: string;
  hint?: string;
  severity: 'error' | 'warning';
  /** A warning while drafting that `npm run build` treats as an error (scaffolded placeholder text). */
  stopsBuild?: true;
}

export function formatProblem(p: Problem): string {
  const head = `${p.file}: ${p.where ? `${p.where}: ` : ''}${p.message}`;
  const prefix = p.severity === 'warning' ? 'warning: ' : '';
  return p.hint ? `${prefix}${head}\n  hint: ${p.hint}` : `${prefix}${head}`;
}

/**
 * `['blocks', 3, 'stats', 1, 'value']` -> `blocks[3] (StatBand) stats[1].value`: a block is named by its
 * type (or, on a template page, its slot), a collection item by its id, so the marketer finds it.
 */
export function describePath(path: readonly PropertyKey[], doc: unknown): string {
  let out = '';
  let node: unknown = doc;
  path.forEach((key, index) => {
    const isIndex = typeof key === 'number';
    out += isIndex ? `[${key}]` : `${out && !out.endsWith(' ') ? '.' : ''}${String(key)}`;
    node = node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key as never] : undefined;
    // An entry of a page's blocks (also those inside a template page's open area), or of a top-level list.
    const parent = path[index - 1];
    const isEntry = isIndex && (parent === 'blocks' || (index === 1 && (parent === 'items' || parent === 'sections')));
    if (isEntry) {
      const entry = node && typeof node === 'object' ? (node as Record<string, unknown>) : {};
      const label = [entry.type, entry.slot, entry.id].find((value) => typeof value === 'string');
      out += typeof label === 'string' ? ` (${label})` : '';
      if (index < path.length - 1) out += ' ';
    }
  });
  return out;
}

/** A readable name for a JSON value's kind: "a string", "a number", "an array", "nothing". */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const kind = typeof value;
  return kind === 'object' ? 'an object' : kind === 'undefined' ? 'nothing' : `a ${kind === 'bigint' ? 'number' : kind}`;
}

/** Line and column (1-based) of a character offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}
