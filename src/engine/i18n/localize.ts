/**
 * One locale's content: the English documents (or its fallback locale's) with their translatable text replaced from
 * the locale's translation files (an overlay for loadContent, which then checks the translated site exactly as it
 * checks the English one). On the way it reports, naming the translation file and key: missing translations (an
 * error in a complete locale), translations made from an older English text (a warning showing both), keys the
 * source no longer has, and placeholders that differ from the source's.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { jsonPointer, type JsonPath, type Problem } from '../problems';
import type { Locale } from '../site-schema';
import type { ContentText } from './content-texts';
import { countMessageProblem } from './count-message';
import { entriesOf, translationFilePath, type TranslationEntry, type TranslationFile } from './translation-files';
import { TOKEN_PATTERN } from '../resolve';

export interface FileCoverage {
  total: number;
  translated: number;
  outdated: number;
}

export interface LocalizedContent {
  /** Content file -> its translated document (a copy: the source documents are unchanged). */
  overlay: Map<string, unknown>;
  problems: Problem[];
  coverage: Map<string, FileCoverage>;
}

/** The {placeholders} of a text; a plural message's count (`{total, plural, ...}`) counts as `{total}`. */
const placeholders = (text: string) =>
  [
    ...new Set([...(text.match(TOKEN_PATTERN) ?? []), ...[...text.matchAll(/\{\s*(\w+)\s*,\s*plural\s*,/g)].map((m) => `{${m[1]}}`)]),
  ].sort();

function setAt(doc: unknown, path: JsonPath, value: string) {
  let node = doc as Record<PropertyKey, unknown>;
  for (const step of path.slice(0, -1)) node = node[step as never] as Record<PropertyKey, unknown>;
  node[path[path.length - 1] as never] = value;
}

/** The translation of one source string: by key when made from this source, else wherever this source was translated (a moved section), else the key's older one. */
function lookup(file: TranslationFile, bySource: Map<string, TranslationEntry>, { key, source }: ContentText) {
  const atKey = file[key];
  if (atKey?.text && atKey.source === source) return { entry: atKey, outdated: false };
  const moved = bySource.get(source);
  if (moved) return { entry: moved, outdated: false };
  if (atKey?.text) return { entry: atKey, outdated: true };
  return undefined;
}

export function localizeContent(
  contentDir: string,
  rootDir: string,
  locale: Locale,
  docs: ReadonlyMap<string, unknown>,
  texts: ReadonlyMap<string, ContentText[]>,
  /** Translations made in memory instead of read from the locale's files (the pseudo-locales). */
  generated?: (texts: ContentText[]) => TranslationFile,
): LocalizedContent {
  const problems: Problem[] = [];
  const overlay = new Map<string, unknown>();
  const coverage = new Map<string, FileCoverage>();
  const contentPrefix = relative(rootDir, contentDir).split(sep).join('/');
  for (const [file, list] of texts) {
    const translationFile = translationFilePath(locale.code, file);
    const display = `${contentPrefix}/${translationFile}`;
    const problem = (key: string, severity: Problem['severity'], message: string, hint?: string) =>
      problems.push({ file: display, where: key, pointer: key ? jsonPointer([key]) : '', message, ...(hint ? { hint } : {}), severity });
    let entries: TranslationFile = generated?.(list) ?? {};
    const path = join(contentDir, translationFile);
    if (!generated && existsSync(path)) {
      try {
        entries = entriesOf(JSON.parse(readFileSync(path, 'utf8')));
      } catch (error) {
        problem('', 'error', `invalid JSON: ${(error as Error).message}`, 'look for a missing comma or quote');
      }
    }
    const bySource = new Map(
      Object.values(entries)
        .filter((entry) => entry.text)
        .map((entry) => [entry.source, entry]),
    );
    const localized = structuredClone(docs.get(file));
    const used = new Set<TranslationEntry>();
    const counts: FileCoverage = { total: list.length, translated: 0, outdated: 0 };
    for (const text of list) {
      const found = lookup(entries, bySource, text);
      if (!found) {
        if (locale.status === 'complete')
          problem(
            text.key,
            'error',
            `missing translation of "${text.source}"`,
            `translate it in ${display} (npm run i18n:extract -- ${locale.code} adds the key)`,
          );
        continue;
      }
      used.add(found.entry);
      counts.translated++;
      if (found.outdated) {
        counts.outdated++;
        problem(
          text.key,
          'warning',
          'the translation was made from an older English text',
          `English then: "${found.entry.source}"; English now: "${text.source}". Update the translation, then its "source"`,
        );
      }
      const expected = placeholders(text.source);
      const got = placeholders(found.entry.text);
      if (expected.join() !== got.join())
        problem(
          text.key,
          'error',
          `the translation has the placeholders ${got.join(', ') || 'none'}; the English has ${expected.join(', ') || 'none'}`,
          'keep every {placeholder} of the English, untranslated',
        );
      const plural = countMessageProblem(found.entry.text, `${locale.code}-${locale.region}`);
      if (plural) problem(text.key, 'error', plural.message, plural.hint);
      setAt(localized, text.path, found.entry.text);
    }
    for (const [key, entry] of Object.entries(entries))
      if (!used.has(entry) && !list.some((text) => text.key === key))
        problem(key, 'warning', 'this key is no longer in the English source', `remove it (npm run i18n:extract -- ${locale.code} does)`);
    overlay.set(file, localized);
    coverage.set(file, counts);
  }
  return { overlay, problems, coverage };
}
