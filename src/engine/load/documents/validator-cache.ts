/**
 * The ajv validator of a generated JSON Schema, compiled once ever rather than once per process.
 *
 * Compiling a schema is most of what checking costs (about a second for the page schema), so each validator is ajv's
 * standalone code, named by a hash of the schema and of what writes the code (the versions of ajv and ajv-formats,
 * and how createAjv sets ajv up): those of the committed schemas are committed beside them in schemas/validators/
 * (`npm run generate` writes them, a test compares them with a fresh generation), so no process compiles them, not
 * even the first after a clone; any other schema (a template just changed) is compiled by the first process that
 * meets it and kept in node_modules/.cache/reachwell-validators/<hash>.cjs. Loading that code still costs V8 a tenth
 * of a second (the use-case template's validator is 0.8 MB of JavaScript), so beside it in the cache is V8's code
 * cache (<hash>-<code hash>.v8): the validator's bytecode as it stood when a process that had used it exited normally.
 * With it, the validators of `npm run validate` load in a quarter of the time. V8 checks only that a code cache was
 * made by the same V8 with the same flags (and refuses it otherwise: the validator is then compiled from its source
 * and the cache made again); that it was made from this very code, the hash in its name says.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { threadId } from 'node:worker_threads';
import type { default as Ajv2020, ValidateFunction } from 'ajv/dist/2020';
import type { default as standaloneCode } from 'ajv/dist/standalone';
import type { default as addFormatsPlugin } from 'ajv-formats';
import { ROOT_DIR } from '../content-env';

const CACHE_DIR = join(ROOT_DIR, 'node_modules', '.cache', 'reachwell-validators');
/** Where `npm run generate` writes the validators of the committed JSON Schemas (from the repository's root). */
export const GENERATED_VALIDATORS_DIR = 'schemas/validators';
const requireFromHere = createRequire(import.meta.url);
const versionOf = (name: string) => (requireFromHere(`${name}/package.json`) as { version: string }).version;
/** How the site's ajv is set up (createAjv): with other options or keywords, ajv writes other code. */
// `inlineRefs: false`: each shared definition (a block, a field shape) is one function that every place using it calls,
// not its code copied into each: the use-case template's validator is a quarter smaller, and V8 compiles only the
// definitions a run meets (loading the page and use-case validators and checking the real site's pages with them took
// about two thirds of the time).
const AJV_OPTIONS = { allErrors: false, strict: true, inlineRefs: false } as const;
const KEYWORDS = [
  // What a value matching `pattern` is, in words: VS Code shows it on a mismatch; ajv only carries it.
  { keyword: 'patternErrorMessage', schemaType: 'string' },
  // Marks free text that stays the same in every language (src/engine/model/fields.ts notTranslated): for tools, not a rule.
  { keyword: 'translatable', schemaType: 'boolean' },
  // Marks text a whole site translates once (src/engine/model/fields.ts term): for tools, not a rule.
  { keyword: 'term', schemaType: 'boolean' },
  // What the visual editor shows (FieldMeta in src/engine/model/json-schema-node.ts): for people, not rules.
  // An image field: the slot its media record fills (src/engine/model/fields.ts image).
  { keyword: 'media', schemaType: 'string' },
  // The field's name in a marketer's words.
  { keyword: 'label', schemaType: 'string' },
  // Text of a sentence or more, edited in a box of several lines.
  { keyword: 'multiline', schemaType: 'boolean' },
  // A soft length aim in characters: a counter beside the field, never an error.
  {
    keyword: 'aim',
    schemaType: 'object',
    metaSchema: {
      type: 'object',
      properties: { min: { type: 'integer', minimum: 0 }, max: { type: 'integer', minimum: 1 } },
      required: ['max'],
      additionalProperties: false,
    },
  },
] as const;
/** What writes a validator's code, in its cached file's name: another ajv, or ajv set up otherwise, writes other code. */
const WRITER = JSON.stringify({ ajv: versionOf('ajv'), formats: versionOf('ajv-formats'), AJV_OPTIONS, KEYWORDS });
/** Validators of this process, by schema hash. */
const loaded = new Map<string, ValidateFunction>();
/** And each one's file name (a hash of its schema): what stands for the schema where a check is kept (./kept-checks.ts). */
const names = new WeakMap<ValidateFunction, string>();
export const validatorNameOf = (validate: ValidateFunction) => names.get(validate);

/**
 * ajv as the site's JSON Schemas need it: draft 2020-12, strict, formats, and the editors' message keyword.
 * Loaded only to compile a schema met for the first time: a cached validator needs none of it (`npm run validate`
 * starts a tenth of a second sooner).
 */
export function createAjv(options: { source?: boolean } = {}) {
  const { default: Ajv } = requireFromHere('ajv/dist/2020') as { default: typeof Ajv2020 };
  const { default: addFormats } = requireFromHere('ajv-formats') as { default: typeof addFormatsPlugin };
  const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: options.source ?? false } });
  addFormats(ajv);
  for (const keyword of KEYWORDS) ajv.addKeyword(keyword);
  return ajv;
}

/** Written aside, then renamed: a reader never sees half a file. A read-only tree keeps no cache. */
function writeAside(file: string, contents: string | Uint8Array) {
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    const partial = `${file}.${process.pid}-${threadId}.partial`;
    writeFileSync(partial, contents);
    renameSync(partial, file);
  } catch {
    // The next process compiles again.
  }
}

/** ajv's standalone code of a schema's validator, and the validator itself. */
function compile(schema: object): { code: string; validate: ValidateFunction } {
  // One instance per schema: each has its own $id, and a changed template brings a new schema under the same $id.
  const ajv = createAjv({ source: true });
  const validate = ajv.compile(schema);
  const { default: standalone } = requireFromHere('ajv/dist/standalone') as { default: typeof standaloneCode };
  return { code: standalone(ajv, validate), validate };
}

/** The validator's file name: what its code is made from (the schema, and what writes the code). */
export const validatorFileName = (schema: object) =>
  `${createHash('sha256')
    .update(`${WRITER}\0${JSON.stringify(schema)}`)
    .digest('hex')
    .slice(0, 32)}.cjs`;

/** The validator's standalone code, as `npm run generate` commits it. */
export const validatorCode = (schema: object) => compile(schema).code;

/** Code caches to make when this process exits, when its validators have compiled what they use. */
const codeCachesToMake = new Map<string, Script>();
const makeCodeCaches = () => {
  for (const [file, script] of codeCachesToMake) writeAside(file, script.createCachedData());
};

const readIfThere = (file: string) => {
  try {
    return readFileSync(file);
  } catch {
    return undefined; // not made yet, or removed meanwhile
  }
};

/**
 * Runs a validator's CommonJS code (committed or cached) as `require` would, with V8's code cache of that code when the
 * cache has one.
 */
function loadValidator(file: string, code: string): ValidateFunction {
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${code}\n})`;
  const codeCacheFile = join(
    CACHE_DIR,
    basename(file).replace(/\.cjs$/, `-${createHash('sha256').update(wrapped).digest('hex').slice(0, 16)}.v8`),
  );
  const cachedData = readIfThere(codeCacheFile);
  const script = new Script(wrapped, { filename: file, cachedData });
  if (!cachedData || script.cachedDataRejected) {
    if (!codeCachesToMake.size) process.once('exit', makeCodeCaches);
    codeCachesToMake.set(codeCacheFile, script);
  }
  const module = { exports: {} as ValidateFunction };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(file), module, file, dirname(file));
  return module.exports;
}

/**
 * The ajv validator of a generated JSON Schema: the committed one, else the cached one, else compiled (and cached).
 * Its code is loaded when it first checks a document: a run whose checks were all kept (./kept-checks.ts) needs only
 * its name, and loading the page schema's validator alone was a twentieth of a warm `npm run validate`.
 */
export function jsonSchemaValidator(schema: object): ValidateFunction {
  const name = validatorFileName(schema);
  let validate = loaded.get(name);
  if (!validate) {
    validate = onFirstCall(() => validatorOf(name, schema));
    loaded.set(name, validate);
    names.set(validate, name);
  }
  return validate;
}

function validatorOf(name: string, schema: object): ValidateFunction {
  const committed = join(ROOT_DIR, GENERATED_VALIDATORS_DIR, name);
  const cached = join(CACHE_DIR, name);
  const fromCommitted = readIfThere(committed)?.toString('utf8');
  const code = fromCommitted ?? readIfThere(cached)?.toString('utf8');
  if (code !== undefined) return loadValidator(fromCommitted === undefined ? cached : committed, code);
  const compiled = compile(schema);
  writeAside(cached, compiled.code);
  return compiled.validate;
}

/** A validator made when first called, which then answers as it does, its `errors` too. */
function onFirstCall(make: () => ValidateFunction): ValidateFunction {
  let made: ValidateFunction | undefined;
  const validate = ((data: unknown) => {
    made ??= make();
    const valid = made(data);
    validate.errors = made.errors;
    return valid;
  }) as ValidateFunction;
  return validate;
}
