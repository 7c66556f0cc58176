/**
 * `npm run i18n:extract [-- <locale>...]`: brings each locale's translation files (pages-json/_translations/<locale>/)
 * up to date with the English (src/engine/load/i18n/translation-update.ts): new text gets an entry with an empty "text" to
 * fill, text the source no longer has is dropped, translations already made stay with the English they were made
 * from. Writes only the files that change, and says what changed in each. Without arguments: every locale of
 * _site.json but the default.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CONTENT_DIR } from '../../src/engine/load/content-env';
import { contentTexts } from '../../src/engine/load/i18n/content-texts';
import { readContentDocs, siteLocales } from '../../src/engine/load/i18n/content-docs';
import { entriesOf, translationFilePath } from '../../src/engine/load/i18n/translation-files';
import { updatedTranslationFile } from '../../src/engine/load/i18n/translation-update';
import { parseJson } from '../../src/engine/load/documents/json-files';
import { formatProblem } from '../../src/engine/model/problems';

const docs = readContentDocs(CONTENT_DIR);
const known = siteLocales(docs).filter((locale) => !locale.default);
const asked = process.argv.slice(2);
const unknown = asked.filter((code) => !known.some((locale) => locale.code === code));
if (unknown.length) {
  console.error(
    `Not a language of pages-json/_site.json: ${unknown.join(', ')}. Its languages: ${known.map((l) => l.code).join(', ') || 'none'}.`,
  );
  process.exit(2);
}
const locales = asked.length ? asked : known.map((locale) => locale.code);
if (!locales.length) {
  console.error('No locale to extract for: add locales to pages-json/_site.json.');
  process.exit(2);
}
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const texts = contentTexts(docs);
let failed = false;
for (const locale of locales) {
  const changes: string[] = [];
  let toTranslate = 0;
  let outdated = 0;
  for (const [file, list] of texts) {
    const path = join(CONTENT_DIR, translationFilePath(locale, file));
    const before = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    const parsed = before === undefined ? undefined : parseJson(before, `pages-json/${translationFilePath(locale, file)}`);
    if (parsed?.problem) {
      // Rewriting it would lose what the translator wrote: it is left for them to fix.
      console.error(`${formatProblem(parsed.problem)}\n  (left as it is: fix it, then run this again)`);
      failed = true;
      continue;
    }
    const update = updatedTranslationFile(list, parsed ? entriesOf(parsed.value) : {});
    toTranslate += update.toTranslate;
    outdated += update.outdated;
    const after = `${JSON.stringify(update.file, null, 2)}\n`;
    if (after === before) continue;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, after);
    const what = [
      before === undefined ? 'new file' : '',
      update.added.length ? `${plural(update.added.length, 'text')} added to translate` : '',
      update.moved.length ? `${plural(update.moved.length, 'translation')} moved with its text (${update.moved.join(', ')})` : '',
      update.removed.length
        ? `${plural(update.removed.length, 'key')} the English no longer has removed (${update.removed.join(', ')})`
        : '',
    ].filter(Boolean);
    changes.push(
      `  ${translationFilePath(locale, file)}: ${what.join('; ') || 'written out: plain strings with their English, fingerprints of current translations'}`,
    );
  }
  console.log(
    changes.length
      ? `${locale}: ${plural(changes.length, 'file')} changed:\n${changes.join('\n')}`
      : `${locale}: every translation file is up to date.`,
  );
  console.log(
    `${locale}: ${toTranslate || outdated ? `${plural(toTranslate, 'text')} to translate, ${outdated} to update (npm run i18n:status -- ${locale} lists them)` : 'nothing to translate.'}`,
  );
}
if (failed) process.exit(1);
