/**
 * `npm run bench:schemas`: what the generated JSON Schemas cost the tools that load them. For each file: its size,
 * the time an editor (vscode-json-languageservice, VS Code's JSON support) takes to load it and check a real
 * document with it, and ajv's compile time from cold; then `npm run validate` from cold (no cached validators, no bundle) and
 * warm, median of 3 runs each.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
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

function validateRun(): number {
  const started = performance.now();
  const run = spawnSync('npm', ['run', 'validate', '--silent'], { cwd: ROOT_DIR, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`npm run validate failed:\n${run.stderr}`);
  return performance.now() - started;
}
const cold = [1, 2, 3].map(() => {
  // No compiled validators and no bundle of the command (scripts/tools/run-bundled.mjs): a first run after a change.
  for (const cache of ['reachwell-validators', 'run-bundled'])
    rmSync(join(ROOT_DIR, 'node_modules', '.cache', cache), { recursive: true, force: true });
  return validateRun();
});
const warm = [1, 2, 3].map(validateRun);
console.log(`npm run validate (${CONTENT_DIR}): cold ${ms(median(cold))}, warm ${ms(median(warm))} (median of 3, whole command)`);
