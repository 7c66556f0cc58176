/**
 * The visual editor's endpoints as one node:http handler, for any server to mount, under a base (`/__edit` in the
 * dev server, a change set's place in the hosted editor): the base itself (the editor's page), `<base>/api/*`
 * (documents, drafts, checks, saves, new pages, translations), `<base>/preview` (the page being edited, rendered from
 * the unsaved draft by the build's renderer) and `<base>/block-preview` (a block from its example). What depends on
 * the host comes in as arguments: the validated content, the content folder, the preview renderer, the HTML around a
 * preview and the editor's page, who may ask, and the document store every write goes through (the dev server's Vite
 * plugin, editor-plugin.ts, and the hosted editor, src/editor/host/, wire them).
 *
 * In the dev server the endpoints answer only a browser on this machine on the editor's own page (request-guard.ts).
 * They read only documents of the content folder (content-files.ts) and write only through the document store
 * (document-store.ts): a save is worked out in the store's turn, against the file as the writes before it left it
 * (the editor's changes applied to it, save-base.ts), and written only when the whole site validates with it,
 * changing the file only where the document changed (json-edit.ts). An error answers with words and never with a
 * path of the machine (http.ts).
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { blockDefinitions } from '../../blocks/generated/blocks';
import { buildEnv, ROOT_DIR } from '../../engine/load/content-env';
import { escapeHtml } from '../../render/html';
import { blockSchema } from '../../engine/load/page-schema';
import { formatProblem, type Problem } from '../../engine/model/problems';
import { MEDIA_DIR } from '../../engine/model/media';
import { noteInWords, planNewPage } from '../../engine/tooling/scaffold/new-page';
import { buildSiteData } from '../../engine/load/site-data-of';
import { errorsIn, type ContentResult } from '../../engine/load/load-content';
import type { ContentState } from '../../engine/load/content-state';
import {
  EARLY_CLICKS_GLOBAL,
  EDITOR_ROUTE,
  editorRoutes,
  type FileHashResponse,
  type CheckResponse,
  type DraftResponse,
  type NewPageRequest,
  type TranslationDraftResponse,
  type TranslationSaveRequest,
  type TranslationSaveResponse,
  type NewPageResponse,
  type PreviewUpdate,
  type SavePlan,
  type SaveRequest,
  type SaveResponse,
  type SearchResponse,
} from '../protocol';
import { hashText, NameTooLongError, NoSuchDocumentError, readContentFile, resolveContentFile, UnsafePathError } from './content-files';
import { diffLines } from './diff-lines';
import type { DocumentStore } from './document-store';
import { documentPayload, kindOf, listDocuments, readDocuments, siteVocabulary, type ReadDocument } from './documents';
import { checkDraftPage, checkDraftWithSite, displayIn, type DraftPage } from './drafts';
import { editorEndpointOf, type EditorEndpointName } from '../editor-endpoints';
import { errorAnswer, errorPage, HttpError, readBody, send, sendHtml, withoutFolders } from './http';
import { editJsonText, JsonEditError } from './json-edit';
import type * as RenderDraft from './render-draft';
import { previewPagesOf } from './preview-pages';
import { refusal, type GuardedRequest } from './request-guard';
import { OpenedVersions } from './save-base';
import { translationFilePath } from '../../engine/load/i18n/translation-files';
import { searchDocuments } from './search';
import { mediaHandlers } from './media-endpoints';
import { localizedDraft, pendingTranslations, saveTranslation, TranslationFileError, translationPayload } from './translations';

/** What the endpoints render with: render-draft.tsx, loaded as the host loads modules (Vite's SSR runner in development). */
export type DraftRenderer = Pick<typeof RenderDraft, 'renderDraftPage' | 'renderExample'>;

export interface EditorEndpointsOptions {
  /** The content as the host validates it (src/engine/load/content-state.ts in the dev server). */
  content: () => ContentState;
  /** The folder of the documents (pages-json/). */
  contentDir: string;
  renderer: () => Promise<DraftRenderer>;
  /**
   * A preview's whole HTML document around the page's head and body: the site's stylesheets and, when
   * `interactive`, its islands' code and the preview frame's script (src/editor/app/preview/preview-frame.ts).
   */
  htmlDocument: (
    page: { head: string; body: string; lang?: string; dir?: 'ltr' | 'rtl' },
    /** `prefix`: the URL prefix of the page's language ('' for the default), whose site data the islands load. */
    options: { url: URL; interactive: boolean; prefix: string },
  ) => Promise<string>;
  /** The editor's own page (the browser app). */
  editorPage: (url: URL) => Promise<string>;
  /** Where the details of a failure go: the terminal. */
  log: (message: string) => void;
  /** Where the editor is (EDITOR_ROUTE in the dev server; a change set's place in the hosted editor). */
  base?: string;
  /**
   * Why a request is refused (403), or undefined: the dev server's loopback rules (request-guard.ts) unless the host
   * has checked who is asking itself (the hosted editor: a session, a role, the CSRF token).
   */
  guard?: (request: GuardedRequest, kind: { api: boolean }) => string | undefined;
  /**
   * Where every write goes (a save, a new page, a translation), in turn: the content folder in `npm run dev`
   * (file-document-store.ts), a commit by the person saving on their change set in the hosted editor.
   */
  documents: DocumentStore;
  /**
   * What the media library's image addresses are put under: none in `npm run dev` (the dev server serves `/_img/`), the
   * change set's editor in the hosted editor (src/editor/host/preview-images.ts).
   */
  imageBase?: string;
  /** Who last saved a file of the content, named in a details conflict (the hosted editor: its commit's author). */
  lastSavedBy?: (file: string) => Promise<string | undefined>;
}

/** Handles a request when it is the editor's (answering it), or returns false for the host to go on. */
export type EditorHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/**
 * The preview's page shows before its script has loaded (a module graph, in development): a click on a section
 * meanwhile is kept, and the script selects it once it runs (preview-frame.ts), so no click is lost; links in the
 * preview never navigate.
 */
const EARLY_CLICKS_SCRIPT = `window.${EARLY_CLICKS_GLOBAL}=[];document.addEventListener('click',function(e){var q=window.${EARLY_CLICKS_GLOBAL};if(!q||!(e.target instanceof Element))return;if(e.target.closest('a[href]'))e.preventDefault();q.push(e.target)},true)`;
const EARLY_CLICKS = `<script>${EARLY_CLICKS_SCRIPT}</script>`;

/** "Not saved: ..." with each error as `npm run validate` prints it. */
const refusedMessage = (errors: Problem[]) => `Not saved: ${errors.length} error(s).\n${errors.map(formatProblem).join('\n')}`;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function parsedOrUndefined(text: string | null | undefined): unknown {
  try {
    return text == null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** An image's record in the media library (src/engine/model/media.ts). */
const MEDIA_RECORD = new RegExp(`^${MEDIA_DIR}/[a-z0-9]+(-[a-z0-9]+)*\\.json$`);

/** A translation draft's texts as sent: key -> text, strings only. */
function textsOf(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new HttpError(400, 'send the texts as { "<key>": "<text>" }');
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * What the content folder refuses, as the answer it is: no such document 404, a name too long 422, a name outside the
 * folder 403, a translation file that is not JSON 422.
 */
function asHttpError(error: unknown): unknown {
  if (error instanceof NoSuchDocumentError) return new HttpError(404, error.message);
  if (error instanceof TranslationFileError) return new HttpError(422, error.message);
  if (error instanceof NameTooLongError) return new HttpError(422, error.message);
  if (error instanceof UnsafePathError) return new HttpError(403, error.message);
  return error;
}

export function createEditorEndpoints(options: EditorEndpointsOptions): EditorHandler {
  const { contentDir, renderer, log, documents, base = EDITOR_ROUTE, guard = refusal } = options;
  const routes = editorRoutes(base);
  /** The latest draft of each document, as the preview iframe renders it when it (re)loads. */
  const drafts = new Map<string, unknown>();
  /** The latest draft of each translation (`es:story.json` -> key -> text). */
  const translationDrafts = new Map<string, Record<string, string>>();
  /** The versions of each document this editor was given, by hash: what a save changes (save-base.ts). */
  const opened = new OpenedVersions();
  const display = displayIn(contentDir);

  const scrub = withoutFolders({ [contentDir]: 'pages-json', [ROOT_DIR]: 'the project' });

  const state = (): ContentState => options.content();
  const goodResult = (): ContentResult => {
    const good = state().good;
    if (!good)
      throw new HttpError(503, 'the content has errors and no version of it validated since the dev server started: fix them first');
    return good.result;
  };

  function documentFile(file: unknown): string {
    resolveContentFile(contentDir, file);
    if (!kindOf(file as string))
      throw new HttpError(403, `the editor edits pages, templates, collections and the site configuration, not ${String(file)}`);
    return file as string;
  }

  /** A document whose texts are translated here: one the editor edits, or an image's record (its alt text and caption). */
  function translatableFile(file: unknown): string {
    if (typeof file === 'string' && MEDIA_RECORD.test(file)) {
      resolveContentFile(contentDir, file);
      return file;
    }
    return documentFile(file);
  }

  /**
   * The route a document's preview renders: a page's own; for another document the one the editor asked for (any
   * page: the site configuration shows on every page) or else the first page that shows it (preview-pages.ts).
   */
  function previewRouteOf(file: string, result: ContentResult, requested: unknown): string | null {
    const kind = kindOf(file)!;
    if (kind === 'page') return result.pages.find((page) => page.file === file)?.route ?? null;
    if (typeof requested === 'string' && requested) {
      if (!result.pages.some((page) => page.route === requested)) throw new HttpError(404, `no page has the route ${requested}`);
      return requested;
    }
    return previewPagesOf(file, kind, result)[0]?.route ?? '/';
  }

  async function previewOf(draft: DraftPage): Promise<PreviewUpdate> {
    const rendered = (await renderer()).renderDraftPage(draft.page, draft.context);
    return { route: draft.page.route, title: rendered.title, body: rendered.body, marks: draft.marks, siteData: draft.context.site };
  }

  /** A page of a validated result (a non-page document's draft checked with the whole site), as a draft to render. */
  function draftOfResult(result: ContentResult, route: string | null): DraftPage | undefined {
    const page = result.pages.find((candidate) => candidate.route === route);
    if (!page || !result.site) return undefined;
    const good = state().good;
    const siteData = good && good.result === result ? good.siteData : undefined;
    return {
      page: { file: page.file, route: page.route, doc: page.doc },
      marks: [],
      context: {
        site: siteData ?? buildSiteData(result.site, result.pages, buildEnv()),
        collections: result.collections,
        routes: new Set(result.pages.flatMap((p) => (p.route === null ? [] : [p.route]))),
      },
    };
  }

  async function draft(file: string, doc: unknown, route?: unknown): Promise<DraftResponse> {
    drafts.set(file, doc);
    if (kindOf(file) === 'page') {
      const good = state().good;
      if (!good) throw new HttpError(503, 'the content has errors: fix them first');
      const { problems, draft: valid } = checkDraftPage(contentDir, file, doc, good);
      if (!valid) return { problems };
      try {
        return { problems, preview: await previewOf(valid) };
      } catch (error) {
        return { problems, renderError: scrub(messageOf(error)) };
      }
    }
    const checked = checkDraftWithSite(contentDir, file, doc, state().problems);
    // Checked with the whole site at once: what it breaks elsewhere (a price another page quotes) goes with it.
    const answer = { problems: checked.problems, elsewhere: checked.elsewhere, complete: true, pending: pending(file, doc) };
    if (errorsIn(checked.problems).length || errorsIn(checked.elsewhere).length) return answer;
    const page = draftOfResult(checked.result, previewRouteOf(file, checked.result, route));
    if (!page) return answer;
    try {
      return { ...answer, preview: await previewOf(page) };
    } catch (error) {
      return { ...answer, renderError: scrub(messageOf(error)) };
    }
  }

  /** The site's languages, the default first. */
  const locales = () => goodResult().site?.locales ?? [];
  const localeOf = (code: unknown) => {
    const locale = locales().find((candidate, index) => index > 0 && candidate.code === code);
    if (!locale) throw new HttpError(404, `no language ${JSON.stringify(code)} to translate into`);
    return locale;
  };
  /** What an English draft leaves to translate. */
  const pending = (file: string, doc: unknown) => pendingTranslations(contentDir, file, doc, locales());

  /** A draft of a translation: the page in that language rendered with it (a page only), and its problems. */
  async function translationDraft(file: string, code: unknown, texts: Record<string, string>): Promise<TranslationDraftResponse> {
    const locale = localeOf(code);
    translationDrafts.set(`${locale.code}:${file}`, texts);
    const { doc, problems } = localizedDraft(contentDir, file, locale, texts);
    const inLanguage = state().good?.inLanguage(locale.prefix);
    if (kindOf(file) !== 'page' || !inLanguage) return { problems };
    const checked = checkDraftPage(contentDir, file, doc, inLanguage);
    if (!checked.draft) return { problems: [...problems, ...errorsIn(checked.problems)] };
    try {
      return { problems, preview: await previewOf(checked.draft) };
    } catch (error) {
      return { problems, renderError: scrub(messageOf(error)) };
    }
  }

  /** The preview iframe's document: the page rendered from the latest draft (or the file), with the preview's script. */
  async function previewDocument(url: URL): Promise<string> {
    const file = documentFile(url.searchParams.get('file'));
    const route = url.searchParams.get('route');
    const code = url.searchParams.get('locale');
    let update: PreviewUpdate | undefined;
    if (code) update = (await translationDraft(file, code, translationDrafts.get(`${code}:${file}`) ?? {})).preview;
    else update = (await draft(file, drafts.get(file) ?? JSON.parse(readContentFile(contentDir, file).text), route)).preview;
    if (!update) {
      // The draft has errors: the last version that validated, as the dev server shows it.
      const result = goodResult();
      const page = draftOfResult(result, previewRouteOf(file, result, route));
      update = page ? await previewOf(page) : undefined;
    }
    const marks = `<script type="application/json" id="reachwell-editor-marks">${JSON.stringify(update?.marks ?? []).replace(/</g, '\\u003c')}</script>`;
    const locale = update?.siteData.locale;
    return options.htmlDocument(
      {
        head: `${update ? `<title>${escapeHtml(update.title)}</title>` : '<title>Preview</title>'}\n    ${EARLY_CLICKS}`,
        body: `${update?.body ?? '<main><p>This document cannot be shown yet.</p></main>'}\n    ${marks}`,
        ...(locale ? { lang: locale.code, dir: locale.dir } : {}),
      },
      { url, interactive: true, prefix: locale?.prefix ?? '' },
    );
  }

  async function blockPreview(url: URL): Promise<string> {
    const type = url.searchParams.get('type') ?? '';
    // Own names only: `in` would take "constructor" or "__proto__", which every object inherits, for block types.
    if (!Object.hasOwn(blockDefinitions, type)) throw new HttpError(404, `no block type ${JSON.stringify(type)}`);
    const result = goodResult();
    const good = state().good!;
    const example = blockSchema.parse(JSON.parse(readFileSync(join(ROOT_DIR, 'src', 'blocks', type, 'example.json'), 'utf8')));
    const module = await renderer();
    const context = {
      site: good.siteData,
      collections: result.collections,
      routes: new Set(result.pages.flatMap((p) => (p.route === null ? [] : [p.route]))),
    };
    let body: string;
    try {
      body = `<main id="main" inert>${module.renderExample(example, context)}</main>`;
    } catch (error) {
      body = `<main><p>${escapeHtml(`This block's example does not render: ${scrub(messageOf(error))}`)}</p></main>`;
    }
    const label = blockDefinitions[type as keyof typeof blockDefinitions].label;
    return options.htmlDocument(
      { head: `<title>${escapeHtml(`${label}: example`)}</title>`, body },
      { url, interactive: false, prefix: '' },
    );
  }

  /** The documents as read for the last search, kept while the content is the same version (every save makes a new one). */
  let searched: { version: number; documents: ReadDocument[] } | undefined;
  function search(query: string): SearchResponse {
    if (query.length > 200) throw new HttpError(422, 'the search is too long: at most 200 characters');
    const { version } = state();
    if (searched?.version !== version) searched = { version, documents: readDocuments(contentDir) };
    return searchDocuments(searched.documents, query, state().good?.result);
  }

  function plan(file: string, doc: unknown): SavePlan {
    const disk = readContentFile(contentDir, file);
    let text: string;
    try {
      text = editJsonText(disk.text, doc);
    } catch (error) {
      throw new HttpError(422, messageOf(error));
    }
    return { text, diskHash: disk.hash, ...diffLines(disk.text, text) };
  }

  type Answer<T> = { status: number; body: T };

  /**
   * A save, worked out in the store's turn against the file as the saves before it left it: the editor's changes
   * (from the version they started from to their draft) applied to it, written only if the whole site validates.
   */
  async function save(request: SaveRequest): Promise<Answer<SaveResponse>> {
    const file = documentFile(request.file);
    /** The document the save writes over the file as it is now, or the conflict to answer. */
    const against = () => {
      const disk = readContentFile(contentDir, file);
      const diskDoc = parsedOrUndefined(disk.text);
      const saved = opened.saved(
        file,
        { baseHash: request.baseHash, mine: request.doc, overwrite: request.overwrite === true },
        { doc: diskDoc, hash: disk.hash },
      );
      const conflict: Answer<SaveResponse> = {
        status: 409,
        body: { outcome: 'conflict', diskHash: disk.hash, diskText: disk.text, diskDoc },
      };
      return { disk, saved, conflict };
    };
    // A save that conflicts with the file already is answered at once, without waiting for its turn.
    const early = against();
    if (!early.saved.ok) return conflictAnswer(file, early.conflict);
    const { answer, written } = await documents.write<Answer<SaveResponse>>(() => {
      const { disk, saved, conflict } = against();
      if (!saved.ok) return { refused: conflict };
      let text: string;
      try {
        text = editJsonText(disk.text, saved.doc);
      } catch (error) {
        if (!(error instanceof JsonEditError)) throw error;
        return { refused: { status: 422, body: { outcome: 'refused', message: `Not saved: ${error.message}`, problems: [] } } };
      }
      const checked = checkDraftWithSite(contentDir, file, saved.doc, state().problems);
      const errors = [...errorsIn(checked.problems), ...checked.elsewhere];
      if (errors.length)
        return { refused: { status: 422, body: { outcome: 'refused', message: refusedMessage(errors), problems: errors } } };
      const { added, removed } = diffLines(disk.text, text);
      const body: SaveResponse = { outcome: 'saved', hash: hashText(text), text, added, removed, pending: pending(file, saved.doc) };
      return { files: { [file]: text }, document: saved.doc, answer: { status: 200, body } };
    });
    if (written && answer.body.outcome === 'saved') {
      drafts.delete(file);
      // The editor keeps its draft as the version saved (state/session.ts): its next save is a change from that.
      opened.remember(file, answer.body.hash, request.doc, 'saved');
    }
    return answer.body.outcome === 'conflict' ? conflictAnswer(file, answer) : answer;
  }

  /** A conflict's answer; the editor may take the file's version as its new base (state/merge-on-disk-change.ts). */
  function conflictAnswer(file: string, answer: Answer<SaveResponse>): Answer<SaveResponse> {
    if (answer.body.outcome === 'conflict') opened.remember(file, answer.body.diskHash, answer.body.diskDoc, 'opened');
    return answer;
  }

  async function newPage(request: NewPageRequest): Promise<Answer<NewPageResponse>> {
    const fields = {
      ...(typeof request.template === 'string' && request.template
        ? { template: request.template }
        : { folder: String(request.folder ?? '') }),
      slug: String(request.slug ?? '').trim(),
      title: String(request.title ?? ''),
    };
    // Planned in the store's turn: a page another write just made at the same address is there to refuse it.
    const { answer } = await documents.write<Answer<NewPageResponse>>(() => {
      const { plan: planned, error } = planNewPage(fields, goodResult(), contentDir);
      if (!planned) return { refused: { status: 422, body: { outcome: 'refused', message: error ?? 'the page could not be planned' } } };
      for (const file of Object.keys(planned.files)) documentFile(file);
      const page = Object.keys(planned.files).find((file) => kindOf(file) === 'page')!;
      const notes = planned.notes.map((note) => noteInWords(note, 'editor'));
      return {
        files: planned.files,
        document: parsedOrUndefined(planned.files[page]),
        answer: { status: 201, body: { outcome: 'created', file: page, route: planned.route, notes } },
      };
    });
    return answer;
  }

  type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void> | void;

  /** One handler per entry of the table (src/editor/editor-endpoints.ts): an entry without one does not compile. */
  const handlers: Record<EditorEndpointName, Handler> = {
    documents: (_req, res) => send(res, 200, listDocuments(contentDir, display, state().problems)),
    fileHash: (_req, res, url) => {
      const file = documentFile(url.searchParams.get('file'));
      let hash: string | null = null;
      try {
        hash = readContentFile(contentDir, file).hash;
      } catch (error) {
        if (!(error instanceof NoSuchDocumentError)) throw error;
      }
      send(res, 200, { hash } satisfies FileHashResponse);
    },
    document: (_req, res, url) => {
      const file = documentFile(url.searchParams.get('file'));
      drafts.delete(file);
      const payload = documentPayload(contentDir, file, display, state().good?.result, state().problems);
      opened.remember(file, payload.hash, payload.doc, 'opened');
      send(res, 200, payload);
    },
    search: (_req, res, url) => send(res, 200, search(url.searchParams.get('q') ?? '')),
    vocabulary: (_req, res) => send(res, 200, siteVocabulary(goodResult(), contentDir)),
    draft: async (req, res) => {
      const body = (await readBody(req)) as { file?: unknown; doc?: unknown; route?: unknown };
      send(res, 200, await draft(documentFile(body.file), body.doc, body.route));
    },
    check: async (req, res) => {
      const body = (await readBody(req)) as { file?: unknown; doc?: unknown };
      const file = documentFile(body.file);
      const { problems, elsewhere } = checkDraftWithSite(contentDir, file, body.doc, state().problems);
      send(res, 200, { problems, elsewhere, pending: pending(file, body.doc) } satisfies CheckResponse);
    },
    translation: (_req, res, url) => {
      const file = translatableFile(url.searchParams.get('file'));
      translationDrafts.delete(`${url.searchParams.get('locale')}:${file}`);
      send(res, 200, translationPayload(contentDir, file, localeOf(url.searchParams.get('locale')), state().good?.result));
    },
    translationDraft: async (req, res) => {
      const body = (await readBody(req)) as { file?: unknown; locale?: unknown; texts?: unknown };
      send(res, 200, await translationDraft(documentFile(body.file), body.locale, textsOf(body.texts)));
    },
    translationSave: async (req, res) => {
      const body = (await readBody(req)) as Partial<TranslationSaveRequest>;
      const file = translatableFile(body.file);
      const locale = localeOf(body.locale);
      const texts = textsOf(body.texts);
      // Worked out in the store's turn, over the translation file as the writes before it left it.
      const { answer: response } = await documents.write<TranslationSaveResponse>(() => {
        const { response: answer, text } = saveTranslation(
          contentDir,
          file,
          locale,
          texts,
          typeof body.baseHash === 'string' ? body.baseHash : null,
        );
        return text === undefined ? { refused: answer } : { files: { [translationFilePath(locale.code, file)]: text }, answer };
      });
      if (response.outcome === 'saved') translationDrafts.delete(`${locale.code}:${file}`);
      send(res, response.outcome === 'saved' ? 200 : 422, response);
    },
    plan: async (req, res) => {
      const body = (await readBody(req)) as { file?: unknown; doc?: unknown };
      send(res, 200, plan(documentFile(body.file), body.doc));
    },
    save: async (req, res) => {
      const { status, body } = await save((await readBody(req)) as SaveRequest);
      send(res, status, body);
    },
    newPage: async (req, res) => {
      const { status, body } = await newPage((await readBody(req)) as NewPageRequest);
      send(res, status, body);
    },
    ...mediaHandlers({
      contentDir,
      content: state,
      documents,
      imageBase: options.imageBase ?? '',
      opened,
      ...(options.lastSavedBy ? { lastSavedBy: options.lastSavedBy } : {}),
    }),
  };

  async function api(req: IncomingMessage, res: ServerResponse, url: URL) {
    const path = url.pathname.slice(routes.api.length);
    const name = editorEndpointOf(req.method ?? 'GET', path);
    if (!name) throw new HttpError(404, `no endpoint ${req.method} ${path}`);
    await handlers[name](req, res, url);
  }

  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== base && !url.pathname.startsWith(`${base}/`)) return false;
    const isApi = url.pathname.startsWith(`${routes.api}/`);
    const refused = guard({ method: req.method ?? 'GET', remoteAddress: req.socket.remoteAddress, headers: req.headers }, { api: isApi });
    if (refused) {
      send(res, 403, { message: refused });
      return true;
    }
    const isPreview = url.pathname === routes.preview || url.pathname === routes.blockPreview;
    try {
      if (isApi) await api(req, res, url);
      else if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, 'only GET');
      else if (url.pathname === routes.preview) sendHtml(res, 200, await previewDocument(url));
      else if (url.pathname === routes.blockPreview) sendHtml(res, 200, await blockPreview(url));
      else sendHtml(res, 200, await options.editorPage(url));
    } catch (error) {
      const { status, message } = errorAnswer(asHttpError(error), scrub, log);
      if (res.headersSent) res.end();
      else if (isPreview) sendHtml(res, status, errorPage(message));
      else send(res, status, { message });
    }
    return true;
  };
}
