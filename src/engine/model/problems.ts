/** A content problem: where it is (for people and for machines), and how it is printed for a marketer. */
import { jsonPointer, type JsonPath } from '../../lib/json-pointer';

export interface Problem {
  /** Path of the document, relative to the repository root: `pages-json/terms.json`. */
  file: string;
  /** Where in the document, for people: `blocks[3] (StatBand) stats[1].value`; empty for the whole file. */
  where: string;
  /** Where in the document as written, for machines: a JSON Pointer (RFC 6901), `/blocks/3/stats/1/value`; '' for the whole file. */
  pointer: string;
  /** On a page written on a template, the section the problem is in. */
  slot?: string;
  /** Line and column (1-based) when the file is not valid JSON, so there is no pointer to give. */
  position?: { line: number; column: number };
  message: string;
  hint?: string;
  severity: 'error' | 'warning';
  /** In the translated site: the locale whose text has the problem (the file named is the English one it translates). */
  locale?: string;
  /** A warning while drafting that `npm run build` treats as an error (scaffolded placeholder text). */
  stopsBuild?: true;
  /** A line about translations still to make: each text it counts (`npm run validate -- --json` lists them). */
  pending?: PendingText[];
}

/** A text still to translate, or to bring up to date with its English. */
export interface PendingText {
  /** Its translation file, from the repository root: `pages-json/_translations/es/index.json`. */
  translationFile: string;
  key: string;
  state: 'missing' | 'outdated';
  /** The English now. */
  source: string;
  /** Outdated: the English it was translated from, when the file says. */
  was?: string;
}

export type { JsonPath } from '../../lib/json-pointer';
export { jsonPointer, pathOfPointer } from '../../lib/json-pointer';

/** A document as written, so a problem found in it can say where it is. */
export interface SourceDocument {
  /** Its path from the repository root: `pages-json/story.json`. */
  file: string;
  /** Its value as parsed from the file. */
  doc: unknown;
  /** On a template page: the block type of a slot ('open area' for an open one), to name sections as `(benefits, CardGrid)`. */
  slotBlock?: (slot: string) => string | undefined;
}

/** Where a path of a document is: the problem fields `file`, `where`, `pointer` and `slot`. */
export type Location = Pick<Problem, 'file' | 'where' | 'pointer' | 'slot'>;

export function locate(source: SourceDocument, path: JsonPath): Location {
  const slot = path[0] === 'blocks' && typeof path[1] === 'number' ? slotAt(source.doc, path[1]) : undefined;
  return {
    file: source.file,
    where: describePath(path, source.doc, source.slotBlock),
    pointer: jsonPointer(path),
    ...(slot ? { slot } : {}),
  };
}

const slotAt = (doc: unknown, index: number): string | undefined => {
  const blocks = doc && typeof doc === 'object' ? (doc as { blocks?: unknown }).blocks : undefined;
  const slot = Array.isArray(blocks) ? (blocks[index] as { slot?: unknown } | undefined)?.slot : undefined;
  return typeof slot === 'string' ? slot : undefined;
};

/** The problem at `path` of `source`. */
export function problemAt(
  source: SourceDocument,
  path: JsonPath,
  message: string,
  options: { hint?: string; severity?: Problem['severity']; stopsBuild?: true } = {},
): Problem {
  const { hint, severity = 'error', stopsBuild } = options;
  return { ...locate(source, path), message, ...(hint ? { hint } : {}), severity, ...(stopsBuild ? { stopsBuild } : {}) };
}

/** A problem with the file as a whole (it is missing, unknown, or one of two). */
export const fileProblem = (file: string, message: string, hint?: string): Problem => ({
  file,
  where: '',
  pointer: '',
  message,
  ...(hint ? { hint } : {}),
  severity: 'error',
});

export function formatProblem(p: Problem): string {
  const head = `${p.locale ? `[${p.locale}] ` : ''}${p.file}: ${p.where ? `${p.where}: ` : ''}${p.message}`;
  const prefix = p.severity === 'warning' ? 'warning: ' : '';
  return p.hint ? `${prefix}${head}\n  hint: ${p.hint}` : `${prefix}${head}`;
}

/**
 * `['blocks', 3, 'stats', 1, 'value']` -> `blocks[3] (StatBand) stats[1].value`: a block is named by its
 * type (on a template page by its slot and its block type: `(benefits, CardGrid)`), a collection item
 * or a template section by its id or slot, so the marketer finds it.
 */
function describePath(path: JsonPath, doc: unknown, slotBlock?: (slot: string) => string | undefined): string {
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
      const slot = typeof entry.slot === 'string' ? entry.slot : undefined;
      const block = slot && index === 1 ? slotBlock?.(slot) : undefined;
      const label = block ? `${slot}, ${block}` : [entry.type, entry.slot, entry.id].find((value) => typeof value === 'string');
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
