/**
 * The visual editor in `npm run dev`: `/__edit` serves the editor (src/editor/, a client-side app),
 * `/__edit/api/*` its endpoints, `/__edit/preview` the page being edited rendered from the unsaved
 * draft by the build's renderer. Development only (`apply: 'serve'`): nothing of it is in the build.
 *
 * The endpoints answer only a browser on this machine on the dev server's own page (request-guard.ts),
 * read and write only documents of the content folder (content-files.ts), and write a document only
 * when the whole site validates with it, changing the file only where the document changed (json-edit.ts).
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import { structuredPatch } from 'diff';
import { isRunnableDevEnvironment, type Plugin, type ViteDevServer } from 'vite';
import { blockDefinitions } from '../../blocks/generated/blocks';
import { buildEnv, CONTENT_DIR, ROOT_DIR } from '../../engine/content-env';
import { escapeHtml } from '../../engine/html';
import { blockSchema } from '../../engine/page-schema';
import { formatProblem, type Problem } from '../../engine/problems';
import { noteInWords, planNewPage } from '../../engine/scaffold/new-page';
import { buildSiteData } from '../../engine/site-data';
import { errorsIn, type ContentResult } from '../../engine/validate';
import type { DevContentState } from '../../render/dev/dev-content';
import { readContentFile, resolveContentFile, UnsafePathError, writeContentFile } from './content-files';
import { documentPayload, kindOf, listDocuments, siteVocabulary } from './documents';
import { checkDraftPage, checkDraftWithSite, displayIn, type DraftPage } from './drafts';
import { editJsonText, JsonEditError } from './json-edit';
import { localizedDraft, pendingTranslations, saveTranslation, TranslationFileError, translationPayload } from './translations';
import {
  API_ROUTE,
  BLOCK_PREVIEW_ROUTE,
  EARLY_CLICKS_GLOBAL,
  EDITOR_ROUTE,
  FILE_EVENT,
  PREVIEW_ROUTE,
  type CheckResponse,
  type DiffLine,
  type DraftResponse,
  type TranslationDraftResponse,
  type TranslationSaveRequest,
  type NewPageRequest,
  type NewPageResponse,
  type PreviewUpdate,
  type SavePlan,
  type SaveRequest,
  type SaveResponse,
} from '../protocol';
import { refusal } from './request-guard';
import { siteDataAddress } from '../../render/dev/live-preview-protocol';
import type * as RenderDraft from './render-draft';

const RENDER_DRAFT = '/src/editor/server/render-draft.tsx';
const EDITOR_ENTRY = '/src/editor/app/main.tsx';
const PREVIEW_CLIENT = '/src/editor/app/preview/preview-frame.ts';
/**
 * The preview's page shows before its script has loaded (a module graph, in development): a click on a section
 * meanwhile is kept, and the script selects it once it runs (preview-frame.ts), so no click is lost; links in the
 * preview never navigate.
 */
const EARLY_CLICKS = `<script>window.${EARLY_CLICKS_GLOBAL}=[];document.addEventListener('click',function(e){var q=window.${EARLY_CLICKS_GLOBAL};if(!q||!(e.target instanceof Element))return;if(e.target.closest('a[href]'))e.preventDefault();q.push(e.target)},true)</script>`;
const MAX_BODY = 10 * 1024 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const EDITOR_HTML = `<!doctype html>
<html lang="en" data-mantine-color-scheme="light">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>Reachwell editor</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/@vite/client"></script>
    <script type="module" src="${EDITOR_ENTRY}"></script>
  </body>
</html>
`;

/** The stylesheets the rendered modules use: in development each CSS file is served on its own. */
function cssLinks(server: ViteDevServer): string[] {
  const urls = [...server.environments.ssr.moduleGraph.idToModuleMap.values()]
    .filter((mod) => mod.id && /\.css($|\?)/.test(mod.id) && !mod.id.includes('?inline'))
    .map((mod) => `${mod.url}${mod.url.includes('?') ? '&' : '?'}direct`);
  return [...new Set(urls)];
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  if (!/^application\/json\b/.test(req.headers['content-type'] ?? ''))
    throw new HttpError(415, 'send JSON (Content-Type: application/json)');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new HttpError(413, 'the request is too large');
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'the request is not valid JSON');
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body));
}

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  // Only the editor may frame its previews.
  res.setHeader('Content-Security-Policy', "frame-ancestors 'self'");
  res.end(html);
}

/** Unified diff lines of two texts, with three lines of context around each change. */
function diffLines(before: string, after: string): { diff: DiffLine[]; added: number; removed: number } {
  const { hunks } = structuredPatch('before', 'after', before, after, '', '', { context: 3 });
  const diff: DiffLine[] = [];
  let added = 0;
  let removed = 0;
  hunks.forEach((hunk, index) => {
    if (index > 0 || hunk.oldStart > 1) diff.push({ kind: 'gap', text: `line ${hunk.newStart}` });
    let oldLine = hunk.oldStart;
    let newLine = hunk.newStart;
    for (const line of hunk.lines) {
      const text = line.slice(1);
      if (line.startsWith('\\')) continue; // "\ No newline at end of file"
      if (line.startsWith('+')) {
        diff.push({ kind: 'added', text, newLine: newLine++ });
        added++;
      } else if (line.startsWith('-')) {
        diff.push({ kind: 'removed', text, oldLine: oldLine++ });
        removed++;
      } else diff.push({ kind: 'same', text, oldLine: oldLine++, newLine: newLine++ });
    }
  });
  return { diff, added, removed };
}

/** A translation draft's texts as sent: key -> text, strings only. */
function textsOf(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new HttpError(400, 'send the texts as { "<key>": "<text>" }');
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** "Not saved: ..." with each error as `npm run validate` prints it. */
const refusedMessage = (errors: Problem[]) => `Not saved: ${errors.length} error(s).\n${errors.map(formatProblem).join('\n')}`;

/** `content`: the content as the dev server validates it (src/render/dev/dev-content.ts), given by vite.config.ts. */
export function editorPlugin(content: () => { state: DevContentState }): Plugin {
  let server: ViteDevServer;
  /** The latest draft of each document, as the preview iframe renders it when it (re)loads. */
  const drafts = new Map<string, unknown>();
  /** The latest draft of each translation (`es:story.json` -> key -> text). */
  const translationDrafts = new Map<string, Record<string, string>>();
  const display = displayIn(CONTENT_DIR);

  const state = (): DevContentState => content().state;
  const goodResult = (): ContentResult => {
    const good = state().good;
    if (!good)
      throw new HttpError(503, 'the content has errors and no version of it validated since the dev server started: fix them first');
    return good.result;
  };

  const renderer = async () => {
    const ssr = server.environments.ssr;
    if (!isRunnableDevEnvironment(ssr)) throw new Error('the ssr environment cannot run modules in this process');
    const module = (await ssr.runner.import(RENDER_DRAFT)) as typeof RenderDraft;
    await module.loadIslandComponents();
    return module;
  };

  function documentFile(file: unknown): string {
    try {
      resolveContentFile(CONTENT_DIR, file);
    } catch (error) {
      throw new HttpError(error instanceof UnsafePathError ? 403 : 400, error instanceof Error ? error.message : String(error));
    }
    if (!kindOf(file as string))
      throw new HttpError(403, `the editor edits pages, templates, collections and the site configuration, not ${String(file)}`);
    return file as string;
  }

  /** The route that shows a document that is not a page: the home page for the site, the page that lists a collection, a page on a template. */
  function routeShowing(file: string, result: ContentResult): string | null {
    const kind = kindOf(file);
    const name = file.replace(/^.*\//, '').replace(/\.json$/, '');
    if (kind === 'template') return result.pages.find((page) => page.template === name)?.route ?? '/';
    if (kind === 'collection') {
      const types = Object.entries(blockDefinitions)
        .filter(([, definition]) => definition.description.includes(`_collections/${name}.json`))
        .map(([type]) => type);
      return result.pages.find((page) => page.doc.blocks.some((block) => types.includes(block.type)))?.route ?? '/';
    }
    return '/';
  }

  async function previewOf(draft: DraftPage): Promise<PreviewUpdate> {
    const rendered = (await renderer()).renderDraftPage(draft.page, draft.context);
    return { title: rendered.title, body: rendered.body, marks: draft.marks, siteData: draft.context.site };
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

  async function draft(file: string, doc: unknown): Promise<DraftResponse> {
    drafts.set(file, doc);
    if (kindOf(file) === 'page') {
      const good = state().good;
      if (!good) throw new HttpError(503, 'the content has errors: fix them first');
      const { problems, draft: valid } = checkDraftPage(CONTENT_DIR, file, doc, good);
      if (!valid) return { problems };
      try {
        return { problems, preview: await previewOf(valid) };
      } catch (error) {
        return { problems, renderError: error instanceof Error ? error.message : String(error) };
      }
    }
    const checked = checkDraftWithSite(CONTENT_DIR, file, doc, state().problems);
    const answer = { problems: checked.problems, elsewhere: checked.elsewhere, complete: true, pending: pending(file, doc) };
    if (errorsIn(checked.problems).length || errorsIn(checked.elsewhere).length) return answer;
    const page = draftOfResult(checked.result, routeShowing(file, checked.result));
    if (!page) return answer;
    try {
      return { ...answer, preview: await previewOf(page) };
    } catch (error) {
      return { ...answer, renderError: error instanceof Error ? error.message : String(error) };
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
  const pending = (file: string, doc: unknown) => pendingTranslations(CONTENT_DIR, file, doc, locales());

  /** A draft of a translation: the page in that language rendered with it (a page only), and its problems. */
  async function translationDraft(file: string, code: unknown, texts: Record<string, string>): Promise<TranslationDraftResponse> {
    const locale = localeOf(code);
    translationDrafts.set(`${locale.code}:${file}`, texts);
    const { doc, problems } = localizedDraft(CONTENT_DIR, file, locale, texts);
    const inLanguage = state().good?.inLanguage(locale.prefix);
    if (kindOf(file) !== 'page' || !inLanguage) return { problems };
    const checked = checkDraftPage(CONTENT_DIR, file, doc, inLanguage);
    if (!checked.draft) return { problems: [...problems, ...errorsIn(checked.problems)] };
    try {
      return { problems, preview: await previewOf(checked.draft) };
    } catch (error) {
      return { problems, renderError: error instanceof Error ? error.message : String(error) };
    }
  }

  /** The preview iframe's document: the page rendered from the latest draft (or the file), with the preview's script. */
  async function previewDocument(url: URL): Promise<string> {
    const file = documentFile(url.searchParams.get('file'));
    const code = url.searchParams.get('locale');
    let update: PreviewUpdate | undefined;
    if (code) update = (await translationDraft(file, code, translationDrafts.get(`${code}:${file}`) ?? {})).preview;
    else update = (await draft(file, drafts.get(file) ?? JSON.parse(readContentFile(CONTENT_DIR, file).text))).preview;
    if (!update) {
      // The draft has errors: the last version that validated, as the dev server shows it.
      const result = goodResult();
      const route = kindOf(file) === 'page' ? (result.pages.find((page) => page.file === file)?.route ?? null) : routeShowing(file, result);
      const page = draftOfResult(result, route);
      update = page ? await previewOf(page) : undefined;
    }
    const { htmlDocument } = await renderer();
    const scripts = ['/@vite/client', '/src/main.ts', PREVIEW_CLIENT]
      .map((src) => `<script type="module" src="${src}"></script>`)
      .join('\n    ');
    const marks = `<script type="application/json" id="reachwell-editor-marks">${JSON.stringify(update?.marks ?? []).replace(/</g, '\\u003c')}</script>`;
    const locale = update?.siteData.locale;
    const html = htmlDocument(
      {
        head: `${update ? `<title>${escapeHtml(update.title)}</title>` : '<title>Preview</title>'}\n    ${EARLY_CLICKS}`,
        body: `${update?.body ?? '<main><p>This document cannot be shown yet.</p></main>'}\n    ${marks}`,
        inlineScripts: [],
        islands: [],
        ...(locale ? { lang: locale.code, dir: locale.dir } : {}),
      },
      // The islands load the site data of the page's language (a translation's preview is in the translation's).
      { stylesheets: cssLinks(server), fontPreloads: [], scripts, siteData: siteDataAddress(locale?.prefix ?? '') },
    );
    return server.transformIndexHtml(url.pathname + url.search, html);
  }

  async function blockPreview(url: URL): Promise<string> {
    const type = url.searchParams.get('type') ?? '';
    if (!(type in blockDefinitions)) throw new HttpError(404, `no block type ${JSON.stringify(type)}`);
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
      body = `<main><p>${escapeHtml(`This block's example does not render: ${error instanceof Error ? error.message : String(error)}`)}</p></main>`;
    }
    const html = module.htmlDocument(
      {
        head: `<title>${escapeHtml(`${blockDefinitions[type as keyof typeof blockDefinitions].label}: example`)}</title>`,
        body,
        inlineScripts: [],
        islands: [],
      },
      {
        stylesheets: cssLinks(server),
        fontPreloads: [],
        scripts: '<script type="module" src="/@vite/client"></script>',
        siteData: siteDataAddress(''),
      },
    );
    return server.transformIndexHtml(url.pathname + url.search, html);
  }

  function plan(file: string, doc: unknown): SavePlan {
    const disk = readContentFile(CONTENT_DIR, file);
    let text: string;
    try {
      text = editJsonText(disk.text, doc);
    } catch (error) {
      throw new HttpError(422, error instanceof Error ? error.message : String(error));
    }
    return { text, diskHash: disk.hash, ...diffLines(disk.text, text) };
  }

  function save(request: SaveRequest): { status: number; body: SaveResponse } {
    const file = documentFile(request.file);
    const disk = readContentFile(CONTENT_DIR, file);
    if (disk.hash !== request.baseHash && !request.overwrite) {
      let diskDoc: unknown;
      try {
        diskDoc = JSON.parse(disk.text);
      } catch {
        diskDoc = undefined;
      }
      return { status: 409, body: { outcome: 'conflict', diskHash: disk.hash, diskText: disk.text, diskDoc } };
    }
    let text: string;
    try {
      text = editJsonText(disk.text, request.doc);
    } catch (error) {
      if (!(error instanceof JsonEditError)) throw error;
      return { status: 422, body: { outcome: 'refused', message: `Not saved: ${error.message}`, problems: [] } };
    }
    const checked = checkDraftWithSite(CONTENT_DIR, file, request.doc, state().problems);
    const errors = [...errorsIn(checked.problems), ...checked.elsewhere];
    if (errors.length) return { status: 422, body: { outcome: 'refused', message: refusedMessage(errors), problems: errors } };
    const hash = writeContentFile(CONTENT_DIR, file, text);
    drafts.delete(file);
    const { added, removed } = diffLines(disk.text, text);
    return { status: 200, body: { outcome: 'saved', hash, text, added, removed, pending: pending(file, request.doc) } };
  }

  function newPage(request: NewPageRequest): { status: number; body: NewPageResponse } {
    const fields = {
      ...(typeof request.template === 'string' && request.template
        ? { template: request.template }
        : { folder: String(request.folder ?? '') }),
      slug: String(request.slug ?? '').trim(),
      title: String(request.title ?? ''),
    };
    const { plan: planned, error } = planNewPage(fields, goodResult(), CONTENT_DIR);
    if (!planned) return { status: 422, body: { outcome: 'refused', message: error ?? 'the page could not be planned' } };
    for (const file of Object.keys(planned.files)) documentFile(file);
    for (const [file, text] of Object.entries(planned.files)) writeContentFile(CONTENT_DIR, file, text);
    const page = Object.keys(planned.files).find((file) => kindOf(file) === 'page')!;
    const notes = planned.notes.map((note) => noteInWords(note, 'editor'));
    return { status: 201, body: { outcome: 'created', file: page, route: planned.route, notes } };
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL) {
    const path = url.pathname.slice(API_ROUTE.length);
    const route = `${req.method} ${path}`;
    switch (route) {
      case 'GET /documents':
        return send(res, 200, listDocuments(CONTENT_DIR, display, state().problems));
      case 'GET /document': {
        const file = documentFile(url.searchParams.get('file'));
        drafts.delete(file);
        return send(res, 200, documentPayload(CONTENT_DIR, file, display, state().good?.result, state().problems));
      }
      case 'GET /vocabulary':
        return send(res, 200, siteVocabulary(goodResult(), CONTENT_DIR));
      case 'POST /draft': {
        const body = (await readBody(req)) as { file?: unknown; doc?: unknown };
        return send(res, 200, await draft(documentFile(body.file), body.doc));
      }
      case 'POST /check': {
        const body = (await readBody(req)) as { file?: unknown; doc?: unknown };
        const file = documentFile(body.file);
        const { problems, elsewhere } = checkDraftWithSite(CONTENT_DIR, file, body.doc, state().problems);
        return send(res, 200, { problems, elsewhere, pending: pending(file, body.doc) } satisfies CheckResponse);
      }
      case 'GET /translation': {
        const file = documentFile(url.searchParams.get('file'));
        translationDrafts.delete(`${url.searchParams.get('locale')}:${file}`);
        return send(res, 200, translationPayload(CONTENT_DIR, file, localeOf(url.searchParams.get('locale'))));
      }
      case 'POST /translation-draft': {
        const body = (await readBody(req)) as { file?: unknown; locale?: unknown; texts?: unknown };
        return send(res, 200, await translationDraft(documentFile(body.file), body.locale, textsOf(body.texts)));
      }
      case 'POST /translation-save': {
        const body = (await readBody(req)) as Partial<TranslationSaveRequest>;
        const file = documentFile(body.file);
        const locale = localeOf(body.locale);
        const response = saveTranslation(
          CONTENT_DIR,
          file,
          locale,
          textsOf(body.texts),
          typeof body.baseHash === 'string' ? body.baseHash : null,
        );
        if (response.outcome === 'saved') translationDrafts.delete(`${locale.code}:${file}`);
        return send(res, response.outcome === 'saved' ? 200 : 422, response);
      }
      case 'POST /plan': {
        const body = (await readBody(req)) as { file?: unknown; doc?: unknown };
        return send(res, 200, plan(documentFile(body.file), body.doc));
      }
      case 'POST /save': {
        const { status, body } = save((await readBody(req)) as SaveRequest);
        return send(res, status, body);
      }
      case 'POST /new-page': {
        const { status, body } = newPage((await readBody(req)) as NewPageRequest);
        return send(res, status, body);
      }
      default:
        throw new HttpError(404, `no endpoint ${route}`);
    }
  }

  return {
    name: 'reachwell-editor',
    apply: 'serve',
    // Before the dev server's page middleware, which would render /__edit as a (not found) page.
    enforce: 'pre',
    config: () => ({
      // The editor's dependencies, bundled when the server starts rather than discovered (and reloaded for) on first use.
      optimizeDeps: {
        include: [
          'react-router-dom',
          '@tanstack/react-query',
          '@mantine/form',
          '@dnd-kit/core',
          '@dnd-kit/sortable',
          '@dnd-kit/utilities',
          '@mantine/core',
          '@mantine/hooks',
          'react',
          'react-dom/client',
        ],
      },
    }),
    configureServer(devServer) {
      server = devServer;
      // Tell open editors at once when a document changes on disk (another editor, git): they compare its hash with theirs.
      const onFile = (path: string) => {
        if (!path.startsWith(`${CONTENT_DIR}/`) || !path.endsWith('.json')) return;
        const file = relative(CONTENT_DIR, path).split(sep).join('/');
        let hash: string | null = null;
        try {
          hash = readContentFile(CONTENT_DIR, file).hash;
        } catch {
          // removed
        }
        server.environments.client.hot.send(FILE_EVENT, { file, hash });
      };
      server.watcher.on('change', onFile);
      server.watcher.on('add', onFile);
      server.watcher.on('unlink', onFile);
      server.httpServer?.once('listening', () => {
        void server.warmupRequest(EDITOR_ENTRY).catch(() => undefined);
      });

      server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        if (url.pathname !== EDITOR_ROUTE && !url.pathname.startsWith(`${EDITOR_ROUTE}/`)) return next();
        const isApi = url.pathname.startsWith(`${API_ROUTE}/`);
        const refused = refusal(
          { method: req.method ?? 'GET', remoteAddress: req.socket.remoteAddress, headers: req.headers },
          { api: isApi },
        );
        if (refused) return send(res, 403, { message: refused });
        const handle = async () => {
          if (isApi) return api(req, res, url);
          if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, 'only GET');
          if (url.pathname === PREVIEW_ROUTE) return sendHtml(res, 200, await previewDocument(url));
          if (url.pathname === BLOCK_PREVIEW_ROUTE) return sendHtml(res, 200, await blockPreview(url));
          return sendHtml(res, 200, await server.transformIndexHtml(url.pathname, EDITOR_HTML));
        };
        handle().catch((error: unknown) => {
          const status = error instanceof HttpError ? error.status : error instanceof TranslationFileError ? 422 : 500;
          const message = error instanceof Error ? error.message : String(error);
          if (status === 500) server.config.logger.error(`[editor] ${error instanceof Error ? (error.stack ?? message) : message}`);
          if (!res.headersSent) send(res, status, { message });
          else res.end();
        });
      });
    },
  };
}
