/**
 * `npm run validate`: checks every document in pages-json/ and exits 1 on any error.
 *   --json            prints the problems as JSON: file, pointer (RFC 6901), slot, line, column, message, hint, severity
 *   --format github   prints them as GitHub Actions annotations, at the line and column of the offending value
 */
import '../../src/engine/tooling/zod-one-shot';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { CONTENT_DIR } from '../../src/engine/load/content-env';
import { keepDocumentChecks } from '../../src/engine/load/documents/kept-checks';
import { positionIn } from '../../src/engine/load/documents/problem-positions';
import type { Problem } from '../../src/engine/model/problems';
import { loadSite } from '../../src/engine/load/i18n/load-site';
import { errorsIn } from '../../src/engine/load/load-content';
import { checkContent } from '../build/check-content';

// Run as its bundle (npm run validate), a document that reads as in an earlier run of the same code is not checked again.
const bundle = (globalThis as { __reachwellProject?: { code: string } }).__reachwellProject?.code;
if (bundle) keepDocumentChecks(bundle);

const { values } = parseArgs({ options: { json: { type: 'boolean' }, format: { type: 'string', default: 'text' } } });
const format = values.json ? 'json' : values.format;

if (format === 'text') {
  const content = checkContent({ for: 'validate' });
  if (!content) process.exit(1);
  const warnings = content.problems.length;
  console.log(
    `${content.pages.length} page document(s) and the site configuration are valid${warnings ? ` (${warnings} warning(s))` : ''}.`,
  );
  process.exit(0);
}
if (format !== 'json' && format !== 'github') {
  console.error(`Unknown --format ${format}: use text, json or github.`);
  process.exit(2);
}

const root = dirname(CONTENT_DIR);
// Every language's problems, as the text report has them (a missing or outdated translation included).
const { problems, locales } = loadSite(CONTENT_DIR, root);
const site = locales[0].content.site;
const texts = new Map<string, string>();
const textOf = (file: string) => {
  if (!texts.has(file)) {
    try {
      texts.set(file, readFileSync(join(root, file), 'utf8'));
    } catch {
      texts.set(file, ''); // a missing file (the site configuration, the not-found page): the problem is the whole file
    }
  }
  return texts.get(file)!;
};
const located = problems.map((problem: Problem) => ({ ...problem, ...positionIn(problem, textOf(problem.file)) }));

/** GitHub's workflow-command escaping: %, CR and LF in the message, also : and , in properties. */
const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

if (format === 'json') console.log(JSON.stringify(located, null, 2));
else {
  for (const p of located) {
    const message = escapeData(`${p.message}${p.hint ? `\nhint: ${p.hint}` : ''}`);
    const title = escapeProperty(`${p.locale ? `[${p.locale}] ` : ''}${p.where || p.file}`);
    console.log(`::${p.severity} file=${escapeProperty(p.file)},line=${p.line},col=${p.column},title=${title}::${message}`);
  }
}
process.exit(errorsIn(problems).length || !site ? 1 : 0);
