/** One document against its schema: zod for worded messages, then ajv against the generated JSON Schema editors use. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { z } from 'zod';
import { blockSchemas } from '../blocks/schemas';
import { describePath, type Problem } from './problems';
import { zodIssueToProblem } from './zod-issues';

const KNOWN_BLOCK_TYPES = blockSchemas.map((s) => s.shape.type.value).sort();

function newAjv() {
  const ajv = new Ajv2020({ allErrors: false, strict: true });
  addFormats(ajv);
  return ajv;
}

/** Compiled validators by schema text: compiling is most of a validation run, and the dev server validates on every save. */
const compiled = new Map<string, ValidateFunction>();

function compileOnce(schemaText: string): ValidateFunction {
  let validate = compiled.get(schemaText);
  if (!validate) compiled.set(schemaText, (validate = newAjv().compile(JSON.parse(schemaText))));
  return validate;
}

/** The validator of a committed JSON Schema file in schemas/. */
export function schemaFileValidator(schemasDir: string, name: string): ValidateFunction {
  const path = join(schemasDir, name);
  if (!existsSync(path)) throw new Error(`${path} is missing: run npm run schemas`);
  return compileOnce(readFileSync(path, 'utf8'));
}

/** The validator of a JSON Schema made at load time (a template page's, from its template). */
export const schemaValidator = (schema: object): ValidateFunction => compileOnce(JSON.stringify(schema));

/** Both validators must accept the document; zod's issues are reworded, ajv's reported as they come when only ajv objects. */
export function checkDocument<T>(
  schema: z.ZodType<T>,
  ajvValidate: ValidateFunction,
  value: unknown,
  display: string,
  problems: Problem[],
): T | undefined {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(zodIssueToProblem(issue, value, display, KNOWN_BLOCK_TYPES));
    return undefined;
  }
  if (!ajvValidate(value)) {
    for (const err of ajvValidate.errors ?? []) {
      const path = err.instancePath
        .split('/')
        .slice(1)
        .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
      problems.push({
        file: display,
        where: describePath(path, value),
        message: err.message ?? 'invalid',
        hint: 'schemas/ may be stale: run npm run schemas',
        severity: 'error',
      });
    }
    return undefined;
  }
  return parsed.data;
}
