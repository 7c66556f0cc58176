/**
 * What the visual editor (src/editor/app/, in the browser) and its endpoints in the dev server
 * (src/editor/server/) share: routes, the request header, and the shapes of requests and answers.
 * Plain TypeScript with type-only imports: the browser imports it.
 */
import type { Problem } from '../engine/model/problems';
import type { SiteData } from '../engine/model/site-data';
import type { JsonSchema } from '../engine/model/json-schema-node';

/** Where the editor is in `npm run dev`; the hosted editor (src/editor/host/) has one such place per change set. */
export const EDITOR_ROUTE = '/__edit';

/** An editor's endpoints under its base: the API, the iframe document of the page being edited (rendered from the unsaved draft), and a block rendered from its example (for the palette). */
export const editorRoutes = (base: string) => ({
  api: `${base}/api`,
  preview: `${base}/preview`,
  blockPreview: `${base}/block-preview`,
});

/**
 * What the page that loads the editor's browser app tells it, on `<html>`: `data-editor-base`, where its endpoints are
 * (a change set's, in the hosted editor; absent: EDITOR_ROUTE), and `data-csrf`, the token its changes must carry
 * (in CSRF_HEADER) in the hosted editor.
 */
export const CSRF_HEADER = 'x-csrf-token';
/** Every API request carries it: a page on another site cannot send it without the dev server's consent (a CORS preflight it never gives). */
export const EDITOR_HEADER = 'x-reachwell-editor';
/** The comment before each block of a preview: `<!--reachwell-editor-block:3-->` (block 3 of the rendered page). */
export const PREVIEW_BLOCK_MARK = 'reachwell-editor-block:';
/** The global where the preview document keeps the targets of clicks made before its script ran. */
export const EARLY_CLICKS_GLOBAL = '__reachwellEditorEarlyClicks';
/** The editor's URL search parameter that opens a document with a field selected and focused: `?field=/blocks/4/heading`. */
export const FIELD_PARAM = 'field';
/** Sent over Vite's HMR channel when a file in pages-json/ changes on disk. */
export const FILE_EVENT = 'reachwell:editor-file';

export type DocumentKind = 'page' | 'template' | 'collection' | 'site';

export type { JsonSchema } from '../engine/model/json-schema-node';

export interface DocumentSummary {
  /** Path inside pages-json: `use-cases/upsell-campaigns.json`. */
  file: string;
  /** As problems name it: `pages-json/use-cases/upsell-campaigns.json`. */
  display: string;
  kind: DocumentKind;
  title: string;
  route: string | null;
  /** The template a page is written on. */
  template?: string;
  errors: number;
  warnings: number;
  /** By language code, what a language lacks of it (a language not named has it all): texts to translate, to update. */
  untranslated: Record<string, { missing: number; outdated: number }>;
}

export interface TemplateSectionInfo {
  slot: string;
  /** Its block type (none for an open area) and that block's label. */
  block?: string;
  label: string;
  open: boolean;
  optional: boolean;
  group?: string;
  id?: string;
  /** List fields whose item count the template sets, with the words validation uses ("exactly 4 cards"). */
  counts: Record<string, { min?: number; max?: number; words: string }>;
  /** Fields every page of this kind shares (read-only on a page). */
  shared: Record<string, unknown>;
  /** Shared lists a page may add items to, and where its items go. */
  pagesMayAdd: Record<string, 'first' | 'last'>;
  filledByTemplate: boolean;
  /** Whether a page must write the section, may, or never does. */
  pageWrites: 'must' | 'may' | 'never';
}

export interface TemplateInfo {
  name: string;
  /** `pages-json/_templates/use-case.json`. */
  display: string;
  /** `_templates/use-case.json`. */
  file: string;
  description: string;
  folder: string;
  /** Files of the pages written on it. */
  pages: string[];
  record?: { collection: string; field: string };
  sections: TemplateSectionInfo[];
}

/** A page a document can be previewed on. */
export interface PreviewPage {
  route: string;
  title: string;
  file: string;
}

export interface DocumentPayload {
  file: string;
  display: string;
  kind: DocumentKind;
  /** The file's text and its hash when read: a save names the hash, so a change on disk since is never overwritten silently. */
  text: string;
  hash: string;
  doc: unknown;
  /** The JSON Schema of the whole document, with its `$defs`. */
  schema: JsonSchema;
  route: string | null;
  /** On a page written on a template: the template. */
  template?: TemplateInfo;
  /** On a template: the pages written on it. */
  usedBy?: string[];
  /**
   * A document that is not a page is previewed on a page that shows it: for a collection every page that shows it,
   * for a template every page on it, for the site configuration any page (the first is the preview's default).
   */
  previewPages?: PreviewPage[];
  /** Every problem of the file as it is on disk. */
  problems: Problem[];
}

export interface BlockInfo {
  type: string;
  label: string;
  description: string;
  icon: string;
  /** Its category's label: "Openings and closings". */
  category: string;
  example: Record<string, unknown>;
}

/** What the forms offer: where links can point, placeholders, blocks for the palette. */
export interface SiteVocabulary {
  routes: { route: string; title: string; file: string }[];
  /** Route -> its block ids (anchors). */
  anchors: Record<string, string[]>;
  siteLinks: { key: string; url: string }[];
  panels: string[];
  placeholders: { token: string; value: string }[];
  /** Every block, categories in the palette's order. */
  blocks: BlockInfo[];
  templates: { name: string; folder: string; description: string }[];
  /** Folders pages live in ('' for the top level). */
  folders: string[];
  /** The languages text is translated into (not the default), each named in itself. */
  languages: { code: string; name: string; prefix: string }[];
}

export interface PreviewUpdate {
  /** The page rendered (a collection's draft can be previewed on each page that shows it). */
  route: string | null;
  title: string;
  /** The page's <body> as the build renders it, with a comment before each block: `<!--reachwell-editor-block:3-->`. */
  body: string;
  /** Block index in the rendered page -> where it is written: a JSON pointer into the page (`/blocks/2`), or `slot:<slot>` for a section the template gives. */
  marks: string[];
  siteData: SiteData;
}

export interface DraftResponse {
  /** Problems of the draft found at once: its schema, its template, its links and placeholders. */
  problems: Problem[];
  /** The problems are the whole site's check already (a document that is not a page is always checked so). */
  complete?: boolean;
  /** With `complete`: errors the draft causes in other files (a price another page quotes), and what it leaves to translate. */
  elsewhere?: Problem[];
  pending?: PendingLanguage[];
  /** The page rendered from the draft; absent while it has errors (the preview keeps the last good one). */
  preview?: PreviewUpdate;
  /** The draft is valid but a block failed to render: what happened. */
  renderError?: string;
}

export interface CheckResponse {
  /** Every problem of the draft, checked with the whole site as `npm run validate` checks it. */
  problems: Problem[];
  /** Errors the draft would cause in other files (a link to an anchor it removes). */
  elsewhere: Problem[];
  /** What the draft, once saved, leaves to translate in each other language (none listed: nothing). */
  pending: PendingLanguage[];
}

export interface DiffLine {
  kind: 'same' | 'added' | 'removed' | 'gap';
  text: string;
  /** Line numbers in the old and new text. */
  oldLine?: number;
  newLine?: number;
}

export interface SavePlan {
  /** The file's new text, changed only where the document changed. */
  text: string;
  diff: DiffLine[];
  added: number;
  removed: number;
  /** The hash of the file on disk now (differs from the one opened: it changed meanwhile). */
  diskHash: string;
}

export interface SaveRequest {
  file: string;
  doc: unknown;
  /** The hash of the text the draft started from. */
  baseHash: string;
  /** Write even though the file changed on disk since it was opened (the marketer chose to keep their version). */
  overwrite?: boolean;
}

export type SaveResponse =
  | { outcome: 'saved'; hash: string; text: string; added: number; removed: number; pending: PendingLanguage[] }
  | { outcome: 'conflict'; diskHash: string; diskText: string; diskDoc: unknown }
  | { outcome: 'refused'; message: string; problems: Problem[] };

/** One place a search found: a document (its title, file or route), a section of a block type, or a field's text. */
export interface SearchHit {
  file: string;
  kind: DocumentKind;
  /** The document's title. */
  title: string;
  route: string | null;
  match: 'document' | 'section' | 'text';
  /** Where in the document (`/blocks/4/heading`); '' for the document itself. */
  pointer: string;
  /** The place in words: "FAQ › Item 3 › Question" (the title for a document). */
  where: string;
  /** The text around the match (a section's: its heading, in `after`). */
  snippet?: { before: string; match: string; after: string };
}

export interface SearchResponse {
  query: string;
  /** The best hits, best first. */
  hits: SearchHit[];
  /** How many there were in all. */
  total: number;
}

export interface NewPageRequest {
  template?: string;
  folder?: string;
  slug: string;
  title: string;
}

export type NewPageResponse =
  { outcome: 'created'; file: string; route: string; notes: string[] } | { outcome: 'refused'; message: string };

/** What an English draft leaves to translate in one language. */
export interface PendingLanguage {
  code: string;
  /** The language named in itself: "Español". */
  name: string;
  /** Texts without a translation, and translations made from an older English. */
  missing: number;
  outdated: number;
  total: number;
  /** The page keeps its address in the language (it has translations); else it is in English only until translated. */
  published: boolean;
}

/** One text of a document in a language, beside its English. */
export interface TranslationText {
  key: string;
  /** Where it is in the English document. */
  pointer: string;
  /** Where it is, as problems name it: `blocks[2] (FAQ) items[1].question`. */
  where: string;
  /** The English now. */
  source: string;
  state: 'translated' | 'outdated' | 'missing';
  /** The translation as written ('' when there is none). */
  text: string;
  /** Outdated: the English the translation was made from, when the file says. */
  was?: string;
  /** The field's length limit. */
  max?: number;
}

export interface TranslationPayload {
  file: string;
  display: string;
  /** What the document is, in words: a page's title, "plans collection", "Site configuration". */
  title: string;
  locale: { code: string; name: string; prefix: string };
  /** `pages-json/_translations/es/story.json`. */
  translationFile: string;
  /** The translation file's hash when read (null: there is none yet). */
  hash: string | null;
  texts: TranslationText[];
}

export interface TranslationDraftResponse {
  /** What is wrong with the draft's texts (placeholders, plural forms), at their keys. */
  problems: Problem[];
  preview?: PreviewUpdate;
  renderError?: string;
}

export interface TranslationSaveRequest {
  file: string;
  locale: string;
  /** Key -> the translation as the translator wrote or confirmed it. */
  texts: Record<string, string>;
  baseHash: string | null;
}

export type TranslationSaveResponse =
  | { outcome: 'saved'; hash: string; /** The file had changed on disk: what the other side wrote was kept. */ mergedWithDisk: boolean }
  | { outcome: 'refused'; message: string };

/** GET <api>/file-hash?file=: the file's hash on disk now (null: removed). */
export interface FileHashResponse {
  hash: string | null;
}
