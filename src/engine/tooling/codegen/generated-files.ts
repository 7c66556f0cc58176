/**
 * The generated files that come from the schemas and the templates (path from the repository root -> content):
 * schemas/**\/*.json for editors, each one's ajv validator in schemas/validators/ (so validation compiles none at run
 * time: src/engine/load/documents/validator-cache.ts) and docs/blocks.md for people. `npm run generate` writes them;
 * a test compares.
 */
import { CONTENT_DIR } from '../../load/content-env';
import { generateJsonSchemas, generateTemplatePageSchemas, serializeSchema } from '../../load/documents/json-schemas';
import { GENERATED_VALIDATORS_DIR, validatorCode, validatorFileName } from '../../load/documents/validator-cache';
import { formatProblem } from '../../model/problems';
import { blockReference, REFERENCE_FILE } from '../reference/block-reference';
import { loadContent } from '../../load/load-content';

export function generatedFiles(contentDir = CONTENT_DIR): { files: Record<string, string>; problems: string[] } {
  const { templates, problems } = loadContent(contentDir);
  const templateProblems = problems.filter((problem) => problem.file.includes('/_templates/') && problem.severity === 'error');
  const schemas = { ...generateJsonSchemas(), ...generateTemplatePageSchemas(templates.values()) };
  const files: Record<string, string> = Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => [`schemas/${name}`, serializeSchema(schema)]),
  );
  // Named as validation looks them up: by the schema as read back from its file.
  for (const schema of Object.values(schemas)) {
    const written = JSON.parse(serializeSchema(schema)) as object;
    files[`${GENERATED_VALIDATORS_DIR}/${validatorFileName(written)}`] = validatorCode(written);
  }
  files[REFERENCE_FILE] = blockReference(templates.values());
  return { files, problems: templateProblems.map(formatProblem) };
}
