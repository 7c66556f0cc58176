/**
 * What a change set changes, document by document, for its review: each document's title, its changes in words
 * ("Hero › Heading: “A” → “B”"), the texts it changes whole (for word diffs) and the pages to see it on before and after (a page's own route; a collection's,
 * template's or the configuration's pages; a translation's page in its language).
 */
import type { ContentResult } from '../../../engine/load/load-content';
import { TRANSLATIONS_DIR } from '../../../engine/load/i18n/paths';
import { fileToRoute } from '../../../engine/model/routes';
import type { ChangedDocument } from '../../hosted-protocol';
import { changesInWords } from '../../shared/change-words';
import { documentName } from '../../shared/marketer-words';
import { textChanges } from '../../shared/text-changes';
import { blockLabeller } from '../../server/block-labels';
import { kindOf } from '../../server/documents';
import { previewPagesOf } from '../../server/preview-pages';

/** A file a change set changed, with its text on each side (absent where it does not exist). */
export interface ChangedFile {
  /** Path in the repository: `pages-json/story.json`. */
  path: string;
  before?: string;
  after?: string;
}

const CONTENT = 'pages-json/';
/** How many changes of one document the review lists (the diff has them all). */
const MAX_CHANGES = 40;
/** How many pages a document is compared on. */
const MAX_ROUTES = 4;

const parse = (text: string | undefined): unknown => {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** A page by its title; a collection, template or the configuration as a marketer names it ("The plans collection"). */
const titleOf = (doc: unknown, file: string) => {
  const title = (doc as { meta?: { title?: unknown } } | undefined)?.meta?.title;
  if (typeof title === 'string') return title.replace(/\s*\|\s*[^|]*$/, '');
  const name = documentName(`${CONTENT}${file}`);
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
};

/** `_translations/es/story.json` -> { locale: 'es', source: 'story.json' }. */
function translationOf(file: string) {
  const match = new RegExp(`^${TRANSLATIONS_DIR}/([^/]+)/(.+)$`).exec(file);
  return match ? { locale: match[1], source: match[2] } : undefined;
}

export function changedDocuments(files: ChangedFile[], result: ContentResult | undefined): ChangedDocument[] {
  return files
    .filter((changed) => changed.path.startsWith(CONTENT) && changed.path.endsWith('.json'))
    .map((changed): ChangedDocument => {
      const file = changed.path.slice(CONTENT.length);
      const [before, after] = [parse(changed.before), parse(changed.after)];
      const status = changed.before === undefined ? 'added' : changed.after === undefined ? 'removed' : 'modified';
      const translation = translationOf(file);
      const kind = translation ? undefined : kindOf(file);
      const label = blockLabeller(after ?? before, result);
      const changes =
        before === undefined || after === undefined
          ? [status === 'added' ? 'New document' : 'Removed']
          : changesInWords(before, after, label).slice(0, MAX_CHANGES);
      const texts = before === undefined || after === undefined ? [] : textChanges(before, after, label);
      let routes: string[] = [];
      if (translation) {
        const route = fileToRoute(translation.source);
        routes = route === null ? [] : [`/${translation.locale}${route === '/' ? '' : route}`];
      } else if (kind === 'page') {
        const route = fileToRoute(file);
        routes = route === null ? [] : [route];
      } else if (kind && result) routes = previewPagesOf(file, kind, result).map((page) => page.route);
      // A translation is named by its English page's title and its language.
      const english = translation && result?.pages.find((page) => page.file === translation.source)?.doc;
      const title = translation ? `${titleOf(english, translation.source)} (${translation.locale})` : titleOf(after ?? before, file);
      return { file: changed.path, title, status, changes, routes: routes.slice(0, MAX_ROUTES), texts };
    });
}
