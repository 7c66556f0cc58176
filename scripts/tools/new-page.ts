/**
 * `npm run new-page [-- --template use-case | --folder channels] --slug <slug> --title "<Title>"`:
 * writes a valid page with TODO placeholder text to replace, asking for what the flags leave out
 * (when run in a terminal). Refuses an existing route or a bad slug and writes nothing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { CONTENT_DIR } from '../../src/engine/load/content-env';
import { formatProblem } from '../../src/engine/model/problems';
import { noteInWords, planNewPage, type NewPageRequest } from '../../src/engine/tooling/scaffold/new-page';
import { readContentDocs, siteLocales } from '../../src/engine/load/i18n/content-docs';
import { translationFilePath } from '../../src/engine/load/i18n/translation-files';
import { loadContent } from '../../src/engine/load/load-content';

const USAGE = 'usage: npm run new-page -- (--template <name> | --folder <folder>) --slug <slug> --title "<Title>"';
const { values } = parseArgs({
  options: { template: { type: 'string' }, folder: { type: 'string' }, slug: { type: 'string' }, title: { type: 'string' } },
});

const fail = (message: string): never => {
  console.error(`new-page: ${message}\nNothing was written.`);
  process.exit(1);
};

// Loaded once needed: flags missing in a script are refused without validating the site first.
let loaded: ReturnType<typeof loadContent> | undefined;
const content = () => (loaded ??= loadContent(CONTENT_DIR));
const request = await completeRequest(values);
const { plan, error } = planNewPage(request, content(), CONTENT_DIR);
if (!plan) fail(error!);
for (const [file, text] of Object.entries(plan!.files)) {
  mkdirSync(dirname(join(CONTENT_DIR, file)), { recursive: true });
  writeFileSync(join(CONTENT_DIR, file), text);
  console.log(`wrote pages-json/${file}`);
}
for (const note of plan!.notes) console.log(`  ${noteInWords(note, 'json')}`);

// What is left to write, as `npm run validate` reports it.
const page = Object.keys(plan!.files).find((file) => !file.startsWith('_'))!;
const left = loadContent(CONTENT_DIR).problems.filter((p) => p.file === `pages-json/${page}`);
const todos = left.filter((p) => p.stopsBuild);
console.log(`\n${todos.length} placeholder(s) to replace in pages-json/${page} before it can be published (npm run validate lists them):`);
for (const problem of todos) console.log(`  ${problem.where}`);
for (const problem of left.filter((p) => !p.stopsBuild)) console.log(formatProblem(problem));
console.log(`\nPreview it as you type: npm run dev, then open http://localhost:5173${plan!.route}`);

// The other languages: the page ships in English at once; each language gets it once translated (or, where a locale
// requires complete, the build waits for the translation).
const languages = siteLocales(readContentDocs(CONTENT_DIR));
for (const locale of languages.filter((l) => !l.default)) {
  const route = `/${locale.prefix}${plan!.route === '/' ? '' : plan!.route}`;
  const meanwhile =
    locale.require === 'complete'
      ? `requires complete translations, so the build waits for this page's`
      : locale.status === 'preview'
        ? `is a preview: the page shows there in English until translated`
        : `gets the page (${route}) once it is translated; until then its links lead to the English page`;
  console.log(
    `${locale.name} ${meanwhile}. Once the English is final, npm run i18n:extract -- ${locale.code} adds its texts to ` +
      `pages-json/${translationFilePath(locale.code, page)}`,
  );
}

/** The flags, with what they leave out asked in a terminal (a script or CI gets the usage line instead). */
async function completeRequest(flags: Partial<Record<keyof NewPageRequest, string>>): Promise<NewPageRequest> {
  const missing = !flags.slug || !flags.title || (flags.template === undefined && flags.folder === undefined);
  if (!missing) return flags as NewPageRequest;
  if (!process.stdin.isTTY) return fail(`missing flags.\n${USAGE}`);
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    if (flags.template === undefined && flags.folder === undefined) {
      const templates = [...content().templates.values()].map((t) => `${t.name} (${t.template.folder}/)`);
      const answer = (await rl.question(`Template (${templates.join(', ')}), or Enter for a page of its own: `)).trim();
      if (answer) flags.template = answer;
      else flags.folder = (await rl.question('Folder (e.g. channels, solutions; Enter for the top level): ')).trim();
    }
    flags.slug ||= (await rl.question('Slug, the last part of its address (e.g. appointment-reminders): ')).trim();
    flags.title ||= (await rl.question('Title (e.g. Appointment Reminders): ')).trim();
  } finally {
    rl.close();
  }
  return flags as NewPageRequest;
}
