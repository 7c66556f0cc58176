/**
 * One document against its schema: zod for worded messages, then ajv against the JSON Schema that editors
 * use (generated from the same zod schema, src/engine/json-schemas.ts).
 *
 * Compiling a schema is most of what checking costs (about a second for the page schema), so each compiled
 * validator is kept as ajv's standalone code in node_modules/.cache/, named by a hash of its schema: a
 * process compiles a schema only the first time it ever meets it, and loads it after that.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { default as Ajv2020, ValidateFunction } from 'ajv/dist/2020';
import type { default as standaloneCode } from 'ajv/dist/standalone';
import type { default as addFormatsPlugin } from 'ajv-formats';
import type { z } from 'zod';
import { ROOT_DIR } from './content-env';
import { pathOfPointer, problemAt, type Problem, type SourceDocument } from './problems';
import { parseDraft } from './draft-parse';
import { zodIssueToProblem } from './zod-issues';

const CACHE_DIR = join(ROOT_DIR, 'node_modules', '.cache', 'reachwell-validators');
const requireCached = createRequire(import.meta.url);
/** A cached validator is ajv's code for its schema: a new ajv writes new code. */
const AJV_VERSION = (requireCached('ajv/package.json') as { version: string }).version;
/** Validators of this process, by schema hash. */
const loaded = new Map<string, ValidateFunction>();

/**
 * ajv as the site's JSON Schemas need it: draft 2020-12, strict, formats, and the editors' message keyword.
 * Loaded only to compile a schema met for the first time: a cached validator needs none of it (`npm run validate`
 * starts a tenth of a second sooner).
 */
export function createAjv(options: { source?: boolean } = {}) {
  const { default: Ajv } = requireCached('ajv/dist/2020') as { default: typeof Ajv2020 };
  const { default: addFormats } = requireCached('ajv-formats') as { default: typeof addFormatsPlugin };
  const ajv = new Ajv({ allErrors: false, strict: true, code: { source: options.source ?? false } });
  addFormats(ajv);
  // What a value matching `pattern` is, in words: VS Code shows it on a mismatch; ajv only carries it.
  ajv.addKeyword({ keyword: 'patternErrorMessage', schemaType: 'string' });
  // Marks free text that stays the same in every language (src/engine/fields.ts notTranslated): for tools, not a rule.
  ajv.addKeyword({ keyword: 'translatable', schemaType: 'boolean' });
  return ajv;
}

function compile(schema: object, file: string): ValidateFunction {
  // One instance per schema: each has its own $id, and a changed template brings a new schema under the same $id.
  const ajv = createAjv({ source: true });
  const validate = ajv.compile(schema);
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    // Written aside, then renamed: a process reading the cache never sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    const { default: standalone } = requireCached('ajv/dist/standalone') as { default: typeof standaloneCode };
    writeFileSync(partial, standalone(ajv, validate));
    renameSync(partial, file);
  } catch {
    // A read-only tree: the next process compiles again.
  }
  return validate;
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
    validate = existsSync(file) ? (requireCached(file) as ValidateFunction) : compile(schema, file);
    loaded.set(hash, validate);
  }
  return validate;
}

/** Both validators must accept the document; zod's issues are reworded, ajv's reported as they come when only ajv objects. */
export function checkDocument<T>(
  schema: z.ZodType<T>,
  ajvValidate: ValidateFunction,
  source: SourceDocument,
  problems: Problem[],
): T | undefined {
  // Placeholder text a draft holds for a choice is read as a stand-in (and named as a warning elsewhere).
  const { parsed, value } = parseDraft(schema, source.doc);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(zodIssueToProblem(issue, source, { schema }));
    return undefined;
  }
  if (!ajvValidate(value)) {
    for (const error of ajvValidate.errors ?? []) {
      problems.push(
        problemAt(source, pathOfPointer(error.instancePath), error.message ?? 'invalid', {
          hint: 'the JSON Schema and the zod schema disagree here: tell a developer (npm run generate may be due)',
        }),
      );
    }
    return undefined;
  }
  return parsed.data;
}
