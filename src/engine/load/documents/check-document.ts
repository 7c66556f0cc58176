/**
 * One document against its schema: zod for worded messages, then ajv against the JSON Schema that editors
 * use (generated from the same zod schema, src/engine/load/documents/json-schemas.ts; its validator from
 * src/engine/load/documents/validator-cache.ts).
 */
import type { ValidateFunction } from 'ajv/dist/2020';
import type { z } from 'zod';
import { pathOfPointer, problemAt, type Problem, type SourceDocument } from '../../model/problems';
import { parseDraft } from './draft-parse';
import { zodIssueToProblem } from './zod-issues';

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
