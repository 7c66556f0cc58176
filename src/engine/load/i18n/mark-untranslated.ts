/**
 * Marks, in one locale's checked content, each text that shows in another language because its translation is
 * missing or out of date (src/lib/foreign-text.ts): the page renders it inside `<span lang>`. Done after the content
 * was checked, on the content as it renders (pages expanded from their templates, records, the site configuration),
 * so a mark never counts against a length limit. A text is found by its key in its file, as its translation is.
 */
import { isPlainObject } from '../../../lib/is-plain-object';
import { markForeign } from '../../../lib/foreign-text';
import type { ContentResult } from '../content-types';
import { collectionFile, type CollectionName } from '../../model/collections';
import { mediaRecordFile } from '../../model/media';
import type { JsonPath } from '../../model/problems';
import { keyOf } from './content-texts';
import { SITE_FILE } from './paths';

/** Content file -> key -> the language its text shows in. */
export type UntranslatedTexts = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** Replaces each string of `node` for which `mark` gives another, in place. */
function markStrings(node: unknown, mark: (path: JsonPath, text: string) => string | undefined, path: PropertyKey[] = []) {
  const entries: [PropertyKey, unknown][] = Array.isArray(node)
    ? node.map((value, index) => [index, value])
    : isPlainObject(node)
      ? Object.entries(node)
      : [];
  for (const [key, value] of entries) {
    const at = [...path, key];
    if (typeof value === 'string') {
      const marked = mark(at, value);
      if (marked !== undefined) (node as Record<PropertyKey, unknown>)[key] = marked;
    } else markStrings(value, mark, at);
  }
}

export interface MarkOptions {
  untranslated: UntranslatedTexts;
  /** A problem's file (`pages-json/index.json`) and pointer -> the content file and key of the text written there. */
  keyAt: (displayFile: string, pointer: string) => { file: string; key: string } | undefined;
  /** Records that template pages state, by `<collection>:<id>`: the page file and the field that holds it. */
  pageRecords: ReadonlyMap<string, { file: string; field: string }>;
}

export function markUntranslated(content: ContentResult, { untranslated, keyAt, pageRecords }: MarkOptions) {
  // Every text translated (a file's list can be empty): nothing to mark, and no string of the content to visit.
  if (![...untranslated.values()].some((texts) => texts.size)) return;
  const langOf = (file: string, key: string) => untranslated.get(file)?.get(key);
  for (const page of content.pages)
    markStrings(page.doc, (path, text) => {
      const { file, pointer } = page.locate(path);
      const at = keyAt(file, pointer);
      const lang = at && langOf(at.file, at.key);
      return lang ? markForeign(text, lang) : undefined;
    });
  for (const [name, records] of Object.entries(content.collections) as [CollectionName, { id: string }[]][])
    for (const record of records) {
      const origin = pageRecords.get(`${name}:${record.id}`);
      const [file, prefix] = origin ? [origin.file, origin.field] : [collectionFile(name), `items.${record.id}`];
      markStrings(record, (path, text) => {
        const lang = langOf(file, `${prefix}.${keyOf(record, path)}`);
        return lang ? markForeign(text, lang) : undefined;
      });
    }
  for (const [id, record] of Object.entries(content.media))
    markStrings(record, (path, text) => {
      const lang = langOf(mediaRecordFile(id), keyOf(record, path));
      return lang ? markForeign(text, lang) : undefined;
    });
  if (content.site) {
    const site = content.site;
    markStrings(site, (path, text) => {
      const lang = langOf(SITE_FILE, keyOf(site, path));
      return lang ? markForeign(text, lang) : undefined;
    });
  }
}
