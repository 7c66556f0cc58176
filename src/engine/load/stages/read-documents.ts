/**
 * Stage 1 of loading the content: every document of the content folder read and parsed, as written. A link that
 * leaves the folder is named and never read; a file that does not parse is a problem and has no document. The
 * translation files are not read here: each language reads its own (../i18n/).
 */
import { join, relative, sep } from 'node:path';
import { fileProblem, locate, type JsonPath, type Location, type Problem, type SourceDocument } from '../../model/problems';
import { parseJson, readDocumentText, scanJsonFiles } from '../documents/json-files';
import { TRANSLATIONS_DIR } from '../i18n/paths';

/** The documents of a content folder as read, and how to name their files and places in problems. */
export interface ReadDocuments {
  /** Every file of the folder (and of the overlay), sorted, translation files aside. */
  files: string[];
  /** Every document that parses, by file; a page on a template is later replaced with its expansion's source. */
  sources: Map<string, SourceDocument>;
  /** A file as problems name it: its path from the project's root. */
  display: (file: string) => string;
  /** The document of a file that parsed. */
  sourceOf: (file: string) => SourceDocument;
  /** Where a path of a file's document is. */
  at: (file: string) => (path: JsonPath) => Location;
}

export function readDocuments(
  contentDir: string,
  rootDir: string,
  overlay: ReadonlyMap<string, unknown> | undefined,
  problems: Problem[],
): ReadDocuments {
  const display = (file: string) => relative(rootDir, join(contentDir, file)).split(sep).join('/');
  const scanned = scanJsonFiles(contentDir);
  for (const { file, leads } of scanned.strayLinks)
    problems.push(
      leads === 'nowhere'
        ? fileProblem(display(file), 'a link to a file that does not exist', 'remove the link, or put the document itself here')
        : fileProblem(
            display(file),
            'a link to a file outside pages-json/: it is never read, nor published',
            'put the document itself here instead of a link',
          ),
    );
  const files = (overlay ? [...new Set([...scanned.files, ...overlay.keys()])].sort() : scanned.files).filter(
    (file) => !file.startsWith(`${TRANSLATIONS_DIR}/`),
  );
  const sources = new Map<string, SourceDocument>();
  for (const file of files) {
    if (overlay?.has(file)) {
      sources.set(file, { file: display(file), doc: overlay.get(file) });
      continue;
    }
    const text = readDocumentText(join(contentDir, file));
    if (typeof text !== 'string') {
      problems.push(fileProblem(display(file), text.unreadable, 'restore the file it names, or remove the link'));
      continue;
    }
    const { value, problem } = parseJson(text, display(file));
    if (problem) problems.push(problem);
    else sources.set(file, { file: display(file), doc: value });
  }
  const sourceOf = (file: string) => sources.get(file)!;
  return { files, sources, display, sourceOf, at: (file) => (path) => locate(sourceOf(file), path) };
}
