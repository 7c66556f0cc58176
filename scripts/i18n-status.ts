/**
 * `npm run i18n:status`: how much of each page and file every language translates, and what is out of date.
 *   --json   the same as JSON: per locale, per content file: total, translated, outdated
 * Exits 0: this is a report; `npm run validate` is the check that fails.
 */
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { CONTENT_DIR } from '../src/engine/content-env';
import { loadSite } from '../src/engine/i18n/load-site';

const { values } = parseArgs({ options: { json: { type: 'boolean' } } });
const site = loadSite(CONTENT_DIR, dirname(CONTENT_DIR));
const others = site.locales.slice(1);
if (values.json) {
  const report = others.map(({ locale, coverage }) => ({
    locale: locale.code,
    status: locale.status,
    files: Object.fromEntries(coverage),
  }));
  console.log(JSON.stringify(report, null, 2));
  process.exit(0);
}
if (!others.length) console.log('The site has one language. Add locales to pages-json/_site.json to translate it.');
const percent = (part: number, whole: number) => `${whole ? Math.floor((part / whole) * 100) : 100}%`.padStart(4);
for (const { locale, coverage } of others) {
  const files = [...coverage];
  const total = files.reduce((sum, [, c]) => sum + c.total, 0);
  const translated = files.reduce((sum, [, c]) => sum + c.translated, 0);
  const outdated = files.reduce((sum, [, c]) => sum + c.outdated, 0);
  console.log(
    `\n${locale.code} (${locale.name}, ${locale.status}): ${percent(translated, total)} translated, ${translated} of ${total} texts; ${outdated} out of date`,
  );
  for (const [file, c] of files) {
    const notes = [c.total > c.translated ? `${c.total - c.translated} missing` : '', c.outdated ? `${c.outdated} out of date` : '']
      .filter(Boolean)
      .join(', ');
    console.log(`  ${percent(c.translated, c.total)}  ${file}${notes ? `  (${notes})` : ''}`);
  }
}
