/**
 * `npm run i18n:status [-- <locale>...] [--json]`: what each language still has to translate, page by page: pages not
 * yet in it (published in English only), pages and records partly translated, and each text translated from an older
 * English with its file, key, and old and new English. One line per language when all is done.
 *   --json   per locale: every page's and record's state, and every pending text
 * Exits 0: this is a report; `npm run validate` is the check (an error only where a locale requires complete).
 */
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { CONTENT_DIR } from '../../src/engine/load/content-env';
import { loadSite } from '../../src/engine/load/i18n/load-site';
import { languageName } from '../../src/engine/load/i18n/translation-state';
import { MEDIA_DIR } from '../../src/engine/model/media';

/** An image record's translated texts, as the report names them. */
const IMAGE_TEXTS: Record<string, string> = { alt: 'alt text', caption: 'caption' };

const { values, positionals } = parseArgs({ options: { json: { type: 'boolean' } }, allowPositionals: true });
const site = loadSite(CONTENT_DIR, dirname(CONTENT_DIR));
const others = site.locales.slice(1).filter(({ locale }) => !positionals.length || positionals.includes(locale.code));
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

if (values.json) {
  const report = others.map(({ locale, translation, files }) => ({
    locale: locale.code,
    status: locale.status,
    ...(locale.require ? { require: locale.require } : {}),
    pages: Object.fromEntries([...translation.pages].map(([file, { file: _, ...page }]) => [file, page])),
    records: Object.fromEntries(translation.records),
    pending: [...files].flatMap(([file, translated]) =>
      translated.texts
        .filter((text) => text.state !== 'translated')
        .map(({ key, state, source, was }) => ({
          file,
          translationFile: translated.translationFile,
          key,
          state,
          source,
          ...(was ? { was } : {}),
        })),
    ),
  }));
  console.log(JSON.stringify(report, null, 2));
  process.exit(0);
}
if (!site.locales[1]) console.log('The site has one language. Add locales to pages-json/_site.json to translate it.');
for (const { locale, translation, files } of others) {
  const language = languageName(locale.code);
  const pages = [...translation.pages.values()];
  const notYet = pages.filter((page) => page.state === 'none');
  const partly = pages.filter((page) => page.state === 'partial' || page.state === 'outdated');
  const records = [...translation.records].filter(([, record]) => record.state !== 'translated');
  const pendingFiles = [...files].filter(
    ([file, f]) => !translation.pages.has(file) && !file.startsWith('_collections/') && f.texts.some((t) => t.state !== 'translated'),
  );
  const images = pendingFiles.filter(([file]) => file.startsWith(`${MEDIA_DIR}/`));
  const others = pendingFiles.filter(([file]) => !file.startsWith(`${MEDIA_DIR}/`));
  const outdated = [...files.values()].flatMap((file) =>
    file.texts.filter((text) => text.state === 'outdated').map((text) => ({ file, text })),
  );
  const header = `${locale.code} (${locale.name}, ${locale.status}${locale.require ? `, requires ${locale.require}` : ''})`;
  if (!notYet.length && !partly.length && !records.length && !others.length && !images.length) {
    console.log(`${header}: every page, record and text is translated.`);
    continue;
  }
  console.log(`\n${header}: ${pages.length - notYet.length - partly.length} of ${plural(pages.length, 'page')} translated.`);
  if (notYet.length) {
    console.log(`  Not yet in ${language} (published in English only):`);
    for (const page of notYet) console.log(`    ${page.file}  ${plural(page.progress.total, 'text')}`);
  }
  if (partly.length) {
    console.log(`  Partly translated (the rest shows in English):`);
    for (const page of partly) {
      const { missing, outdated: old } = page.progress;
      const search = page.indexed ? '' : `, out of search engines until ${Math.round(page.share * 100)} % reaches 80 %`;
      console.log(
        `    ${page.file}  ${[missing ? `${missing} to translate` : '', old ? `${old} to update` : ''].filter(Boolean).join(', ')}${search}`,
      );
    }
  }
  if (records.length) {
    console.log(`  Records not yet fully translated (shown in English):`);
    for (const [id, record] of records)
      console.log(
        `    ${record.file}  ${id.split(':')[1]}  ${record.progress.missing + record.progress.outdated} of ${plural(record.progress.total, 'text')}`,
      );
  }
  if (images.length) {
    // Alt text is what a screen reader says in this language: each image named, with what it lacks in words.
    console.log(`  Images whose words are not yet in ${language} (the English is used):`);
    for (const [file, f] of images) {
      const pending = f.texts.filter((t) => t.state !== 'translated');
      const words = pending.map((t) => `${IMAGE_TEXTS[t.key] ?? t.key} ${t.state === 'missing' ? 'to translate' : 'to update'}`);
      console.log(`    ${file.slice(MEDIA_DIR.length + 1, -'.json'.length)}  ${words.join(', ')}`);
    }
  }
  for (const [file, f] of others)
    console.log(
      `  ${file}: ${plural(f.texts.filter((t) => t.state !== 'translated').length, 'text')} to translate or update (shown in English)`,
    );
  if (outdated.length) {
    console.log(`  Translated from an older English (update the text, then its "source"):`);
    for (const { file, text } of outdated) {
      console.log(`    ${file.translationFile}  ${text.key}`);
      console.log(
        `      English then: ${text.was === undefined ? '(its "source" was changed without the text)' : JSON.stringify(text.was)}`,
      );
      console.log(`      English now:  ${JSON.stringify(text.source)}`);
    }
  }
  console.log(`  npm run i18n:extract -- ${locale.code} adds the texts to translate to its files.`);
}
