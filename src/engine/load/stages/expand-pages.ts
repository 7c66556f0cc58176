/**
 * Stage 5: the pages. A plain page is checked against the page schema; a page on a template against its template,
 * then expanded into the page it renders as, its record (a use case, a comparison) joining its collection in menu
 * order. Each page keeps where its paths are written: on a template page, in its own file or in the template's.
 */
import { didYouMean } from '../../../lib/did-you-mean';
import type { CollectionName } from '../../model/collections';
import { fileProblem, locate, problemAt, type Problem, type SourceDocument } from '../../model/problems';
import { fileToRoute, isPageFile, NOT_FOUND_FILE, routeSection } from '../../model/routes';
import type { LoadedPage } from '../content-types';
import { checkDocument } from '../documents/check-document';
import { pageSchema } from '../page-schema';
import type { CompiledTemplate } from '../templates/compile-template';
import { keptCheck, type DocumentCheck } from '../documents/kept-checks';
import { checkTemplatePageAnew, templatePageOf, templatePageSource, type TemplatePageCheck } from '../templates/template-page';
import { TEMPLATES_DIR } from '../templates/template-schema';
import type { LoadedCollections } from './collections';
import { templatePageKey, templatePageValidator, type DocumentValidators } from './document-validators';
import type { ReadDocuments } from './read-documents';

export interface ExpandedPages {
  /** The files that are pages, whether or not they are valid. */
  pageFiles: string[];
  /** The valid pages, as they render. */
  pages: LoadedPage[];
}

export function expandPages(
  read: ReadDocuments,
  validators: DocumentValidators,
  templates: ReadonlyMap<string, CompiledTemplate>,
  { add }: LoadedCollections,
  problems: Problem[],
): ExpandedPages {
  const { files, sources, sourceOf, display, at } = read;
  const pageFiles = files.filter(isPageFile);
  const pages: LoadedPage[] = [];
  /** Records stated by template pages join their collection in menu order (the order the spec lists them in). */
  const pageRecords: { order: number; file: string; add: () => void }[] = [];
  for (const file of pageFiles.filter((f) => sources.has(f))) {
    const value = sourceOf(file).doc as { template?: unknown };
    const base = { file, route: fileToRoute(file), section: routeSection(file) };
    if (!(value && typeof value === 'object' && 'template' in value)) {
      const doc = checkDocument(pageSchema, validators.page, sourceOf(file), problems);
      if (doc) pages.push({ ...base, doc, locate: at(file) });
      continue;
    }
    const compiled = templates.get(String(value.template));
    if (!compiled) {
      problems.push(
        problemAt(sourceOf(file), ['template'], `unknown template ${JSON.stringify(value.template)}`, {
          hint: `${didYouMean(String(value.template), templates.keys())}templates: ${[...templates.keys()].join(', ') || 'none'} (pages-json/${TEMPLATES_DIR}/)`,
        }),
      );
      continue;
    }
    const source = templatePageSource(display(file), value, compiled);
    sources.set(file, source);
    const { folder } = compiled.template;
    if (base.section !== folder)
      problems.push(
        problemAt(source, ['template'], `pages on the ${compiled.name} template live in pages-json/${folder}/`, {
          hint: `move the file there, or change "folder" in ${compiled.display}`,
        }),
      );
    const kept = keptCheck(
      () => [templatePageKey(compiled), file, display(file), JSON.stringify(value)],
      () => checkOnTemplate(value, compiled, file, display(file), source),
    );
    problems.push(...kept.problems);
    if (!kept.value) continue;
    const checked = templatePageOf(value, compiled, display(file), kept.value);
    if (checked.record) {
      const { record } = compiled.template;
      pageRecords.push({
        order: checked.doc.meta.nav?.order ?? Infinity,
        file,
        add: () => add(record!.collection as CollectionName, checked.record!, source, [record!.field]),
      });
    }
    const origin = checked.origin;
    pages.push({ ...base, doc: checked.doc, template: compiled.name, locate: (path) => locate(origin(path).source, origin(path).path) });
  }
  pageRecords.sort((a, b) => a.order - b.order || a.file.localeCompare(b.file)).forEach((record) => record.add());
  if (!pageFiles.includes(NOT_FOUND_FILE))
    problems.push(fileProblem(display(NOT_FOUND_FILE), 'the not-found page is missing', 'add a page with a NotFound block'));
  return { pageFiles, pages };
}

/** A page on its template, checked against it (zod, worded messages) and against its JSON Schema (ajv). */
function checkOnTemplate(
  value: unknown,
  compiled: CompiledTemplate,
  file: string,
  display: string,
  source: SourceDocument,
): DocumentCheck<TemplatePageCheck> {
  const checked = checkTemplatePageAnew(value, compiled, file, display);
  if (!checked.value) return { value: undefined, problems: checked.problems };
  // The page as written is for its JSON Schema only: not kept.
  const { written, ...page } = checked.value;
  const validateTemplatePage = templatePageValidator(compiled);
  if (validateTemplatePage(written)) return { value: page, problems: checked.problems };
  const [error] = validateTemplatePage.errors ?? [];
  const problem = problemAt(source, [], `does not match its template's JSON Schema: ${error?.instancePath} ${error?.message}`, {
    hint: 'the JSON Schema and the template disagree here: tell a developer (npm run generate may be due)',
  });
  return { value: undefined, problems: [...checked.problems, problem] };
}
