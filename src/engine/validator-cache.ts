/**
 * The ajv validator of a generated JSON Schema, compiled once ever rather than once per process.
 *
 * Compiling a schema is most of what checking costs (about a second for the page schema), so each compiled
 * validator is kept as ajv's standalone code in node_modules/.cache/reachwell-validators/<hash>.cjs, named by a
 * hash of ajv's version and the schema. Loading that code still costs V8 a tenth of a second (the use-case
 * template's validator is 0.8 MB of JavaScript), so beside it is V8's code cache (<hash>.v8): the validator's
 * bytecode as it stood when a process had used it, made when that process exits. With it, the validators of
 * `npm run validate` load in a quarter of the time. V8 refuses a code cache made by another V8 or for other code;
 * the validator is then compiled from its source and the cache made again.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import type { default as Ajv2020, ValidateFunction } from 'ajv/dist/2020';
import type { default as standaloneCode } from 'ajv/dist/standalone';
import type { default as addFormatsPlugin } from 'ajv-formats';
import { ROOT_DIR } from './content-env';

const CACHE_DIR = join(ROOT_DIR, 'node_modules', '.cache', 'reachwell-validators');
const requireFromHere = createRequire(import.meta.url);
/** A cached validator is ajv's code for its schema: a new ajv writes new code. */
const AJV_VERSION = (requireFromHere('ajv/package.json') as { version: string }).version;
/** Validators of this process, by schema hash. */
const loaded = new Map<string, ValidateFunction>();

/**
 * ajv as the site's JSON Schemas need it: draft 2020-12, strict, formats, and the editors' message keyword.
 * Loaded only to compile a schema met for the first time: a cached validator needs none of it (`npm run validate`
 * starts a tenth of a second sooner).
 */
export function createAjv(options: { source?: boolean } = {}) {
  const { default: Ajv } = requireFromHere('ajv/dist/2020') as { default: typeof Ajv2020 };
  const { default: addFormats } = requireFromHere('ajv-formats') as { default: typeof addFormatsPlugin };
  const ajv = new Ajv({ allErrors: false, strict: true, code: { source: options.source ?? false } });
  addFormats(ajv);
  // What a value matching `pattern` is, in words: VS Code shows it on a mismatch; ajv only carries it.
  ajv.addKeyword({ keyword: 'patternErrorMessage', schemaType: 'string' });
  // Marks free text that stays the same in every language (src/engine/fields.ts notTranslated): for tools, not a rule.
  ajv.addKeyword({ keyword: 'translatable', schemaType: 'boolean' });
  return ajv;
}

/** Written aside, then renamed: a process reading the cache never sees half a file. A read-only tree keeps no cache. */
function writeAside(file: string, contents: string | Uint8Array) {
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, contents);
    renameSync(partial, file);
  } catch {
    // The next process compiles again.
  }
}

function compile(schema: object, file: string): ValidateFunction {
  // One instance per schema: each has its own $id, and a changed template brings a new schema under the same $id.
  const ajv = createAjv({ source: true });
  const validate = ajv.compile(schema);
  const { default: standalone } = requireFromHere('ajv/dist/standalone') as { default: typeof standaloneCode };
  writeAside(file, standalone(ajv, validate));
  return validate;
}

/** Code caches to make when this process exits, when its validators have compiled what they use. */
const codeCachesToMake = new Map<string, Script>();
const makeCodeCaches = () => {
  for (const [file, script] of codeCachesToMake) writeAside(file, script.createCachedData());
};

/** Runs a cached validator's CommonJS code as `require` would, with V8's code cache when there is a usable one. */
function load(file: string): ValidateFunction {
  const codeCacheFile = file.replace(/\.cjs$/, '.v8');
  const cachedData = existsSync(codeCacheFile) ? readFileSync(codeCacheFile) : undefined;
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`;
  const script = new Script(wrapped, { filename: file, cachedData });
  if (!cachedData || script.cachedDataRejected) {
    if (!codeCachesToMake.size) process.once('exit', makeCodeCaches);
    codeCachesToMake.set(codeCacheFile, script);
  }
  const module = { exports: {} as ValidateFunction };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(file), module, file, dirname(file));
  return module.exports;
}

/** The ajv validator of a generated JSON Schema. */
export function jsonSchemaValidator(schema: object): ValidateFunction {
  const hash = createHash('sha256')
    .update(`ajv ${AJV_VERSION}\0${JSON.stringify(schema)}`)
    .digest('hex')
    .slice(0, 32);
  let validate = loaded.get(hash);
  if (!validate) {
    const file = join(CACHE_DIR, `${hash}.cjs`);
    validate = existsSync(file) ? load(file) : compile(schema, file);
    loaded.set(hash, validate);
  }
  return validate;
}
