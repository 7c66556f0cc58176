/**
 * Checking an unsaved draft with the engine that checks the saved files, in two steps:
 *   - at once, for every keystroke: the draft page alone against its schema or its template, then its
 *     links, placeholders and lengths against the rest of the site as last validated; a valid draft is
 *     what the preview renders;
 *   - then the whole site with the draft in place of the file (loadContent's overlay), exactly as
 *     `npm run validate` would check it once saved: duplicate titles, pages nothing links to, links
 *     into the draft from other files. A save is refused unless this finds no error in the draft.
 * A draft larger than the editor takes (document-limits.ts) is refused before either.
 */
import { join, relative, sep } from 'node:path';
import { checkDocument } from '../../engine/load/documents/check-document';
import { jsonSchemaValidator } from '../../engine/load/documents/validator-cache';
import type { CollectionName, Collections } from '../../engine/model/collections';
import { buildEnv } from '../../engine/load/content-env';
import {
  checkLinks,
  checkPlacements,
  checkSeo,
  checkTokens,
  type AnchorsByRoute,
  type Locate,
} from '../../engine/load/checks/content-checks';
import type { LoadedPage } from '../../engine/load/content-types';
import { pageSchema, type PageDoc } from '../../engine/load/page-schema';
import { jsonPointer, locate, type Problem, type SourceDocument } from '../../engine/model/problems';
import type { RenderContext } from '../../engine/model/render-context';
import { tokenNames } from '../../engine/model/resolve';
import { fileToRoute, routeSection } from '../../engine/model/routes';
import { buildSiteData } from '../../engine/load/site-data-of';
import { checkTemplatePage, templatePageSource } from '../../engine/load/templates/template-page';
import { errorsIn, loadContent, type ContentResult } from '../../engine/load/load-content';
import type { LocaleRendering } from '../../engine/load/content-state';
import { blockIds, committedSchema, templateSchema } from './documents';
import { checkDocumentLimits } from './document-limits';
import type { CheckResponse } from '../protocol';

/** `use-cases/x.json` -> `pages-json/use-cases/x.json`, as loadContent names files in problems. */
export const displayIn = (contentDir: string) => (file: string) =>
  relative(join(contentDir, '..'), join(contentDir, file)).split(sep).join('/');

let pageValidator: ReturnType<typeof jsonSchemaValidator> | undefined;

export interface DraftPage {
  page: { file: string; route: string | null; doc: PageDoc };
  /** Block index in the rendered page -> where it is written (a JSON pointer into the page, or `slot:<slot>`). */
  marks: string[];
  context: RenderContext;
}

/** A problem is the same problem when it says the same thing at the same place. */
const problemKey = (problem: Problem) => `${problem.file}\0${problem.pointer}\0${problem.message}`;

/**
 * The draft of a page, checked on its own against the site as last validated (in the default language, or a page's
 * translation against that language's site); with what the preview renders when it is valid.
 */
export function checkDraftPage(
  contentDir: string,
  file: string,
  doc: unknown,
  good: LocaleRendering,
): { problems: Problem[]; draft?: DraftPage } {
  checkDocumentLimits(doc);
  const display = displayIn(contentDir);
  const problems: Problem[] = [];
  const { result } = good;
  const source: SourceDocument = { file: display(file), doc };
  const template = doc && typeof doc === 'object' && 'template' in doc ? (doc as { template: unknown }).template : undefined;
  let expanded: PageDoc | undefined;
  let marks: string[] = [];
  let locateIn: Locate = (path) => locate(source, path);
  let record: { collection: CollectionName; item: Record<string, unknown> & { id: string } } | undefined;
  if (template === undefined) {
    pageValidator ??= jsonSchemaValidator(committedSchema('page.schema.json'));
    expanded = checkDocument(pageSchema, pageValidator, source, problems);
    marks = expanded?.blocks.map((_, index) => jsonPointer(['blocks', index])) ?? [];
  } else {
    const compiled = result.templates.get(String(template));
    if (!compiled) {
      problems.push({ ...locate(source, ['template']), message: `unknown template ${JSON.stringify(template)}`, severity: 'error' });
      return { problems };
    }
    const checked = checkTemplatePage(doc, compiled, file, display(file), problems);
    if (checked) {
      const validate = jsonSchemaValidator(templateSchema(compiled));
      if (!validate(doc)) {
        const [error] = validate.errors ?? [];
        problems.push({
          ...locate(templatePageSource(display(file), doc, compiled), []),
          message: `does not match its template's JSON Schema: ${error?.instancePath} ${error?.message}`,
          severity: 'error',
        });
      } else {
        expanded = checked.doc;
        const { origin } = checked;
        locateIn = (path) => locate(origin(path).source, origin(path).path);
        marks = expanded.blocks.map((_, index) => {
          const at = origin(['blocks', index]);
          return at.source.file === display(file) ? jsonPointer(at.path) : `slot:${compiled.template.sections[at.path[1] as number].slot}`;
        });
        if (checked.record && compiled.template.record)
          record = { collection: compiled.template.record.collection as CollectionName, item: checked.record };
      }
    }
  }
  if (!expanded || !result.site) return { problems };

  // The draft among the site's pages, as it would be once saved.
  const route = fileToRoute(file);
  const draftPage: LoadedPage = { file, route, section: routeSection(file), doc: expanded, locate: locateIn };
  const pages = [...result.pages.filter((page) => page.file !== file), draftPage];
  const anchors: AnchorsByRoute = new Map(
    pages.flatMap((page) => (page.route === null ? [] : [[page.route, new Set(blockIds(page.doc.blocks))]])),
  );
  const collections = record ? withRecord(result.collections, record.collection, record.item) : result.collections;
  checkLinks(expanded, locateIn, route, anchors, result.site, problems);
  checkPlacements(expanded, locateIn, problems);
  checkTokens(expanded, locateIn, tokenNames(collections), problems);
  checkSeo(expanded.meta, locateIn, problems);
  if (errorsIn(problems).length) return { problems };
  // The site's data as validated, unless the draft changes it (a menu label): the preview reuses what did not change.
  // In the language the site being drafted against is in, with the pages each language has.
  const locale = result.site.locales?.find((candidate) => candidate.code === good.siteData.locale.code);
  const languages = new Map(good.siteData.languages.map((language) => [language.code, language]));
  const siteData = buildSiteData(result.site, pages, buildEnv(), locale, languages);
  const context: RenderContext = {
    site: JSON.stringify(siteData) === JSON.stringify(good.siteData) ? good.siteData : siteData,
    collections,
    routes: new Set(pages.flatMap((page) => (page.route === null ? [] : [page.route]))),
    media: result.media,
  };
  return { problems, draft: { page: { file, route, doc: expanded }, marks, context } };
}

/** The collections with a page's record in place of the one of its id (or added). */
function withRecord(collections: Collections, name: CollectionName, record: { id: string }): Collections {
  const items = collections[name] as { id: string }[];
  const next = items.some((item) => item.id === record.id)
    ? items.map((item) => (item.id === record.id ? record : item))
    : [...items, record];
  return { ...collections, [name]: next };
}

/**
 * The draft checked with the whole site, as `npm run validate` will check it once saved. `before`: the problems of the
 * files as they are, so only errors the draft causes elsewhere are reported as its own.
 */
export function checkDraftWithSite(
  contentDir: string,
  file: string,
  doc: unknown,
  before: Problem[],
): Omit<CheckResponse, 'pending'> & { result: ContentResult } {
  checkDocumentLimits(doc);
  const display = displayIn(contentDir);
  const result = loadContent(contentDir, undefined, new Map([[file, doc]]));
  const known = new Set(before.map(problemKey));
  const problems = result.problems.filter((problem) => problem.file === display(file));
  const elsewhere: Problem[] = [];
  const page = result.pages.find((candidate) => candidate.file === file);
  for (const problem of errorsIn(result.problems)) {
    if (problem.file === display(file) || known.has(problemKey(problem))) continue;
    // Validation names a shared title on the page that comes later in the site; the draft gave it that title, so it
    // is shown on the draft's own field (naming the other page), where the marketer is typing.
    const shared = page && /^the same (title|description) as (.*)$/.exec(problem.message);
    if (shared && shared[2] === display(file)) {
      const field = shared[1] as 'title' | 'description';
      problems.push({
        ...page.locate(['meta', field]),
        message: `the same ${field} as ${problem.file}`,
        hint: problem.hint,
        severity: problem.severity,
      });
    } else elsewhere.push(problem);
  }
  // A document with errors of its own is left out of the site as a whole (a collection with one broken price loses every
  // record), so what other documents then lack (a plan they quote, a figure) follows from an error already on its field:
  // one message where the mistake is, not a page of knock-on ones. They are checked again once it is put right.
  if (errorsIn(problems).length) return { problems, elsewhere: [], result };
  return { problems, elsewhere, result };
}
