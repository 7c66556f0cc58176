/**
 * `npm run i18n:extract [-- <locale>...]`: writes each locale's translation files (pages-json/_translations/<locale>/)
 * up to date with the English source: new text gets an entry with an empty "text" to fill, text the source no longer
 * has is dropped, translations already made are kept (an outdated one with the source it was made from, so
 * `npm run validate` shows what changed). Without arguments: every locale of _site.json but the default.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CONTENT_DIR } from '../src/engine/content-env';
import { contentTexts } from '../src/engine/i18n/content-texts';
import { readContentDocs, siteLocales } from '../src/engine/i18n/content-docs';
import { readTranslationFile, translationFilePath, updatedTranslationFile } from '../src/engine/i18n/translation-files';

const docs = readContentDocs(CONTENT_DIR);
const locales = process.argv.slice(2).length
  ? process.argv.slice(2)
  : siteLocales(docs)
      .filter((locale) => !locale.default)
      .map((l) => l.code);
if (!locales.length) {
  console.error('No locale to extract for: name one (npm run i18n:extract -- es), or add locales to pages-json/_site.json.');
  process.exit(2);
}
const texts = contentTexts(docs);
for (const locale of locales) {
  let empty = 0;
  for (const [file, list] of texts) {
    const updated = updatedTranslationFile(list, readTranslationFile(CONTENT_DIR, locale, file));
    empty += Object.values(updated).filter((entry) => !entry.text).length;
    const path = join(CONTENT_DIR, translationFilePath(locale, file));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${JSON.stringify(updated, null, 2)}\n`);
  }
  console.log(`${locale}: ${texts.size} translation files written; ${empty} text(s) to translate.`);
}
