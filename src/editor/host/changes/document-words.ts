/**
 * A document and its changes in a marketer's words, for commit messages and history: a document by its name ("Story",
 * "Collections", "Site configuration", "Plans collection", "Story (es)"), a change by its place ("Hero › Heading",
 * worded by src/editor/shared/field-words.ts) and its values. Pure functions of paths and parsed documents.
 */
import { blockDefinitions } from '../../../blocks/generated/blocks';
import { changeWords } from '../../shared/change-words';
import { fieldWords, labelOf } from '../../shared/field-words';
import { isObject } from '../../shared/json-path';
import { mergeJson, type TheirChange } from '../../shared/three-way-merge';

/** Names a section of a document ("Hero", "FAQ"); undefined for an item that is no section. */
export type BlockLabel = (block: Record<string, unknown>) => string | undefined;

const labelOfType = (type: string) =>
  Object.hasOwn(blockDefinitions, type) ? blockDefinitions[type as keyof typeof blockDefinitions].label : undefined;

/**
 * A section by its block's label, a template page's section by its slot in words. The editor's server can pass a
 * sharper one (src/editor/server/block-labels.ts names a slot by its template's block) where it has the content.
 */
export const defaultBlockLabel: BlockLabel = (block) => {
  if (typeof block.type === 'string') return labelOfType(block.type);
  if (typeof block.block === 'string') return labelOfType(block.block);
  if (typeof block.slot === 'string') return labelOf(block.slot);
  return undefined;
};

const CONTENT = 'pages-json/';
/** A title longer than this names a page badly in a one-line message ("Our Story: Restoring Humanity to ..."). */
const SHORT_TITLE = 40;

/** `use-cases/abandoned-cart-recovery.json` -> "Abandoned cart recovery"; `index.json` -> "Home". */
function fileWords(relative: string): string {
  const parts = relative.replace(/\.json$/, '').split('/');
  const last = parts[parts.length - 1] === 'index' ? parts[parts.length - 2] : parts[parts.length - 1];
  if (!last) return 'Home';
  const words = last.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A page's own name: its menu label, else its title without the brand (" | Reachwell") when short, else its file. */
function pageName(relative: string, doc: unknown): string {
  const meta = isObject(doc) && isObject(doc.meta) ? doc.meta : undefined;
  const label = meta && isObject(meta.nav) && typeof meta.nav.label === 'string' ? meta.nav.label.trim() : '';
  if (label) return label;
  const title = meta && typeof meta.title === 'string' ? meta.title.split(' | ')[0].trim() : '';
  if (title && title.length <= SHORT_TITLE) return title;
  return fileWords(relative);
}

/** The name of the document at `path` (as git names it), read from its content where it has one. */
export function documentName(path: string, doc?: unknown): string {
  if (!path.startsWith(CONTENT) || !path.endsWith('.json')) return path;
  const relative = path.slice(CONTENT.length);
  if (relative === '_site.json') return 'Site configuration';
  const [folder, ...rest] = relative.split('/');
  if (folder === '_collections') return `${fileWords(rest.join('/'))} collection`;
  if (folder === '_templates') return `${fileWords(rest.join('/'))} template`;
  if (folder === '_translations' && rest.length > 1) return `${documentName(CONTENT + rest.slice(1).join('/'))} (${rest[0]})`;
  return pageName(relative, doc);
}

export interface ChangeInWords {
  /** "Hero › Heading". */
  place: string;
  /** "Hero › Heading: “A” → “B”". */
  text: string;
}

/** Every change from `before` to `after`, each at its place in words with its values (worded as the editor words them). */
export function changesInWords(before: unknown, after: unknown, label: BlockLabel = defaultBlockLabel): ChangeInWords[] {
  // A merge in which only the other side changed anything lists exactly that side's changes.
  const { theirChanges } = mergeJson(before, before, after);
  return theirChanges.map((change: TheirChange) => ({
    place: fieldWords(change.in === 'base' ? before : after, change.path, label),
    text: changeWords(change, { base: before, theirs: after }, label),
  }));
}
