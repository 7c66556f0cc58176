/**
 * Search across the text of every document the editor edits (pages, templates, collections, the site
 * configuration): titles, files, routes ("home" finds `/`), block labels ("FAQ" finds the FAQ sections) and
 * every text field (a heading, an FAQ question, a plan's name), each hit with the document, the field's JSON
 * pointer, its words ("FAQ › Item 3 › Question") and a snippet around the match. Ranked: a document by its
 * title or address first, then sections of a block type, then fields: a heading-like field above body text, a
 * field that is exactly the query above one that contains it, whole words above starts of words above parts
 * of words (and the query as a phrase above its words apart), shorter text first; technical values (links, ids, icons) last.
 */
import type { ContentResult } from '../../engine/load/load-content';
import { jsonPointer } from '../../lib/json-pointer';
import { fieldWords } from '../shared/field-words';
import { blockLabeller } from './block-labels';
import type { DocumentKind, SearchHit, SearchResponse } from '../protocol';
import type { ReadDocument } from './documents';

type Path = (string | number)[];

/** Fields whose words name their section or item: ranked above body text. */
const HEADING_FIELDS = new Set(['heading', 'subheading', 'title', 'question', 'name', 'label', 'badge']);
/** Values that are not words for people (links, ids, icons, images): still found, ranked last. */
const TECHNICAL_FIELD = /^(href|url|.*Url|id|icon|image|src|logo|anchor|plan|section|panel)$/;
/** Keys whose values are structure, not content. */
const SKIPPED_FIELDS = new Set(['type', '$schema', 'slot', 'template', 'block']);
/** Other words for a route: a marketer calls `/` the home page. */
const ROUTE_ALIASES: Record<string, string[]> = { '/': ['home', 'home page', 'start page'] };
const KIND_ORDER: DocumentKind[] = ['page', 'collection', 'template', 'site'];
const KIND_WORDS: Record<DocumentKind, string> = {
  page: 'page',
  collection: 'collection',
  template: 'template',
  site: 'site configuration settings',
};
export const MAX_HITS = 40;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Lowercase without accents, with where each of its characters is in the original (for the snippet). */
function normalized(text: string): { text: string; at: number[] } {
  let out = '';
  const at: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const folded = text[i].normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    for (let j = 0; j < folded.length; j++) at.push(i);
    out += folded;
  }
  at.push(text.length);
  return { text: out, at };
}

interface Candidate extends SearchHit {
  score: number;
}

/** The text around the first word's match: `before` and `after` cut at word boundaries. */
function snippetOf(text: string, words: string[]): SearchHit['snippet'] {
  const { text: folded, at } = normalized(text);
  const index = folded.indexOf(words[0]);
  if (index < 0) return undefined;
  const start = at[index];
  const end = at[index + words[0].length];
  const cut = (value: string, max: number, fromEnd: boolean) => {
    if (value.length <= max) return value;
    const part = fromEnd ? value.slice(-max) : value.slice(0, max);
    return fromEnd ? `…${part.replace(/^\S*\s/, '')}` : `${part.replace(/\s\S*$/, '')}…`;
  };
  return { before: cut(text.slice(0, start), 50, true), match: text.slice(start, end), after: cut(text.slice(end), 90, false) };
}

/** Every match in one document. */
function searchDocument(document: ReadDocument, query: string, words: string[], result: ContentResult | undefined): Candidate[] {
  const { file, kind, title, route, doc } = document;
  const hits: Candidate[] = [];
  const label = blockLabeller(doc, result);
  const matches = (text: string) => {
    const folded = normalized(text).text;
    return words.every((word) => folded.includes(word));
  };
  /** 0 to 60: how well the words match as words (whole words best, then starts of words), and the query as a phrase. */
  const wordFit = (text: string) => {
    const folded = normalized(text).text;
    const fit = words.reduce((sum, word) => {
      const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, 'u').test(folded)) return sum + 1;
      return sum + (new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}`, 'u').test(folded) ? 0.5 : 0);
    }, 0);
    return Math.round((40 * fit) / words.length) + (words.length > 1 && folded.includes(query) ? 20 : 0);
  };
  const hit = (match: SearchHit['match'], path: Path, score: number, snippet?: SearchHit['snippet']): Candidate => ({
    file,
    kind,
    title,
    route,
    match,
    pointer: jsonPointer(path),
    where: path.length ? fieldWords(doc, path, label) : title,
    ...(snippet ? { snippet } : {}),
    score,
  });

  // The document itself: its title, file, route, kind and what people call it.
  const aliases = route === null ? [] : (ROUTE_ALIASES[route] ?? []);
  const about = [title, file, route ?? '', KIND_WORDS[kind], ...aliases].join(' ');
  if (matches(about)) {
    const exact = [title, file, route ?? '', ...aliases].some((name) => normalized(name).text === query);
    const inTitle = matches(title);
    hits.push(hit('document', [], exact ? 1000 : inTitle ? 900 + wordFit(title) : 800));
  }

  // Sections by their block's label ("FAQ", "Pricing"), and every text field.
  const walk = (node: unknown, path: Path) => {
    if (typeof node === 'string') {
      const key = [...path].reverse().find((segment): segment is string => typeof segment === 'string') ?? '';
      if (SKIPPED_FIELDS.has(key) || !node.trim() || !matches(node)) return;
      const technical = TECHNICAL_FIELD.test(key) || /^(\/|#|site:|panel:|https?:|mailto:|tel:)/.test(node);
      const score =
        300 +
        (HEADING_FIELDS.has(key) && typeof path[path.length - 1] === 'string' ? 100 : 0) +
        (normalized(node.trim()).text === query ? 150 : 0) +
        wordFit(node) -
        Math.min(40, Math.floor(node.length / 40)) -
        (technical ? 200 : 0);
      hits.push(hit('text', path, score, snippetOf(node, words)));
      return;
    }
    if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, [...path, index]));
      return;
    }
    if (!isRecord(node)) return;
    const blockList = path.length > 0 && (path[path.length - 2] === 'blocks' || path[path.length - 2] === 'sections');
    const name = blockList ? label(node) : undefined;
    if (name && matches(name)) {
      const heading = ['heading', 'title', 'question', 'id'].map((key) => node[key]).find((value) => typeof value === 'string');
      hits.push(
        hit(
          'section',
          path,
          600 + (normalized(name).text === query ? 100 : 0),
          heading ? { before: '', match: '', after: String(heading) } : undefined,
        ),
      );
    }
    for (const [key, value] of Object.entries(node)) walk(value, [...path, key]);
  };
  walk(doc, []);
  return hits;
}

/** The hits for `query` in `documents`, best first (at most MAX_HITS; `total` says how many there were). */
export function searchDocuments(documents: ReadDocument[], query: string, result: ContentResult | undefined): SearchResponse {
  const folded = normalized(query.trim()).text;
  const words = folded.split(/\s+/).filter(Boolean);
  if (!words.length) return { query, hits: [], total: 0 };
  const candidates = documents.flatMap((document) => searchDocument(document, folded, words, result));
  const order = new Map(documents.map((document, index) => [document.file, index]));
  candidates.sort(
    (a, b) =>
      b.score - a.score ||
      KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
      order.get(a.file)! - order.get(b.file)! ||
      a.pointer.localeCompare(b.pointer, 'en', { numeric: true }),
  );
  return { query, hits: candidates.slice(0, MAX_HITS).map(({ score: _score, ...rest }) => rest), total: candidates.length };
}
