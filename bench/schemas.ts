/**
 * `npm run bench:schemas`: what the generated JSON Schemas cost the tools that load them. For each file: its size,
 * the time an editor (vscode-json-languageservice, VS Code's JSON support) takes to load it and check a real
 * document with it, and ajv's compile time from cold; then `npm run validate` from cold (no cached validators, no bundle),
 * after a change to its code and warm, median of 9 runs each, with the load average beside them.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { getLanguageService } from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CONTENT_DIR, ROOT_DIR, SCHEMAS_DIR } from '../src/engine/load/content-env';

/** A real document written against each schema. */
const SAMPLES: Record<string, string> = {
  'page.schema.json': 'story.json',
  'site.schema.json': '_site.json',
  'template.schema.json': '_templates/use-case.json',
  'templates/use-case.schema.json': 'use-cases/upsell-campaigns.json',
  'templates/comparison.schema.json': 'compare/reachwell-vs-email-api.json',
  'collections/use-cases.schema.json': '_collections/use-cases.json',
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => `${Math.round(value)} ms`;

async function editorCheck(sample: string): Promise<number> {
  // A new service each time: the editor meets the schema for the first time.
  const service = getLanguageService({
    schemaRequestService: async (uri) => readFileSync(new URL(uri), 'utf8'),
    workspaceContext: { resolveRelativePath: (path, resource) => new URL(path, resource).toString() },
  });
  service.configure({ validate: true });
  const file = join(CONTENT_DIR, sample);
  const document = TextDocument.create(pathToFileURL(file).href, 'json', 1, readFileSync(file, 'utf8'));
  const started = performance.now();
  await service.doValidation(document, service.parseJSONDocument(document));
  return performance.now() - started;
}

function ajvCompile(schema: object): number {
  const ajv = new Ajv2020({ strict: false });
  addFormats(ajv);
  const started = performance.now();
  ajv.compile(schema);
  return performance.now() - started;
}

const files = (readdirSync(SCHEMAS_DIR, { recursive: true, encoding: 'utf8' }) as string[]).filter((file) => file.endsWith('.json')).sort();
console.log('schema | size | editor: load and check a real document | ajv compile (cold)');
for (const file of files) {
  const path = join(SCHEMAS_DIR, file);
  const sample = SAMPLES[file];
  const editor = sample ? ms(median([await editorCheck(sample), await editorCheck(sample), await editorCheck(sample)])) : '';
  console.log(
    `${relative(ROOT_DIR, path)} | ${(statSync(path).size / 1024).toFixed(1)} kB | ${editor} | ${ms(ajvCompile(JSON.parse(readFileSync(path, 'utf8'))))}`,
  );
}

const RUNS = 9;
const CACHES = join(ROOT_DIR, 'node_modules', '.cache');
const forget = (...caches: string[]) => caches.forEach((cache) => rmSync(join(CACHES, cache), { recursive: true, force: true }));
function timed(command: string, args: string[]): number {
  const started = performance.now();
  const run = spawnSync(command, args, { cwd: ROOT_DIR, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${run.stderr}`);
  return performance.now() - started;
}
/** What `npm run validate` runs, without npm's own start (npm's is printed apart). */
const validate = () => timed(process.execPath, ['scripts/tools/run-bundled.mjs', '--script', 'scripts/tools/validate.ts']);
/** The median of RUNS runs, each after `before`. */
const medianOf = (run: () => number, before = () => {}) =>
  median(
    Array.from({ length: RUNS }, () => {
      before();
      return run();
    }),
  );

/** The machine's load average (1, 5 and 15 minutes): figures taken beside other work are slower, and say so. */
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
const loadBefore = load();
const node = medianOf(() => timed(process.execPath, ['-e', '0']));
const rows: [string, number][] = [
  // A first run after a change to the code: no bundle of the command (scripts/tools/run-bundled.mjs), no V8 code
  // caches, no kept document checks (the committed schemas' validators are in schemas/validators/, not a cache).
  // Not the first run after an install: npm ci runs the command once (package.json's postinstall), the next row.
  ['cold: no caches', medianOf(validate, () => forget('run-bundled', 'reachwell-validators', 'reachwell-checks'))],
  // The first run after `npm ci`, which wiped every cache and then ran its postinstall (scripts/tools/warm-validate.mjs).
  [
    'first after an install',
    medianOf(validate, () => {
      forget('run-bundled', 'reachwell-validators', 'reachwell-checks');
      timed(process.execPath, ['scripts/tools/warm-validate.mjs']);
    }),
  ],
  // Any later run: the bundle and the compiled validators are reused; every document is checked.
  ['warm: bundle and validators made', medianOf(validate)],
  // The first run after a change to the command's code: the bundle made again and compiled without its code cache,
  // and every document checked again (kept checks are kept by the code); the validators' code caches kept.
  ['after a change to its code', medianOf(validate, () => forget('run-bundled', 'reachwell-checks'))],
  // Where cold's time goes: the bundle made again (esbuild) and compiled without its code cache, the checks kept...
  ['only the bundle made again', medianOf(validate, () => forget('run-bundled'))],
  // ...and every document's checks made again, with the bundle and the validators' code caches.
  ['only the document checks made again', medianOf(validate, () => forget('reachwell-checks'))],
];
console.log(`\nnpm run validate (${CONTENT_DIR}), median of ${RUNS} runs, whole process:`);
console.log(`node -e 0: ${ms(node)}`);
for (const [what, time] of rows) console.log(`${what}: ${ms(time)} (node -e 0 + ${ms(time - node)})`);
const npm = medianOf(() => timed('npm', ['run', 'validate', '--silent']));
const warm = rows.find(([what]) => what.startsWith('warm'))![1];
console.log(`warm through npm run validate: ${ms(npm)} (npm's own start is ${ms(npm - warm)} of it)`);
console.log(`load average before: ${loadBefore}; after: ${load()} (on ${availableParallelism()} cores)`);
