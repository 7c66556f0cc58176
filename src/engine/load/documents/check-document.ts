/**
 * One document against its schema: zod for worded messages, then ajv against the JSON Schema that editors
 * use (generated from the same zod schema, src/engine/load/documents/json-schemas.ts; its validator from
 * src/engine/load/documents/validator-cache.ts). A one-shot command may keep the result (./kept-checks.ts).
 */
import type { ValidateFunction } from 'ajv/dist/2020';
import type { z } from 'zod';
import { pathOfPointer, problemAt, type Problem, type SourceDocument } from '../../model/problems';
import { parseDraft } from './draft-parse';
import { keptCheck, type DocumentCheck } from './kept-checks';
import { validatorNameOf } from './validator-cache';
import { zodIssueToProblem } from './zod-issues';

/** Both validators must accept the document; zod's issues are reworded, ajv's reported as they come when only ajv objects. */
export function checkDocument<T>(
  schema: z.ZodType<T>,
  ajvValidate: ValidateFunction,
  source: SourceDocument,
  problems: Problem[],
): T | undefined {
  // Kept by the JSON Schema's validator, which stands for the schema (one JSON Schema is made from one zod schema), the
  // file as problems name it and the document; not a template page's source, whose problems name its sections.
  const validator = validatorNameOf(ajvValidate);
  const checked = keptCheck(
    () => (validator && !source.slotBlock ? [validator, source.file, JSON.stringify(source.doc)] : undefined),
    () => check(schema, ajvValidate, source),
  );
  problems.push(...checked.problems);
  return checked.value;
}

function check<T>(schema: z.ZodType<T>, ajvValidate: ValidateFunction, source: SourceDocument): DocumentCheck<T> {
  const problems: Problem[] = [];
  // Placeholder text a draft holds for a choice is read as a stand-in (and named as a warning elsewhere).
  const { parsed, value } = parseDraft(schema, source.doc);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(zodIssueToProblem(issue, source, { schema }));
    return { value: undefined, problems };
  }
  if (!ajvValidate(value)) {
    for (const error of ajvValidate.errors ?? []) {
      problems.push(
        problemAt(source, pathOfPointer(error.instancePath), error.message ?? 'invalid', {
          hint: 'the JSON Schema and the zod schema disagree here: tell a developer (npm run generate may be due)',
        }),
      );
    }
    return { value: undefined, problems };
  }
  return { value: parsed.data, problems };
}
