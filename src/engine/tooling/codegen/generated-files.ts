/**
 * The generated files that come from the schemas and the templates (path from the repository root -> content):
 * schemas/**\/*.json for editors and docs/blocks.md for people. `npm run generate` writes them; a test compares.
 */
import { CONTENT_DIR } from '../../load/content-env';
import { generateJsonSchemas, generateTemplatePageSchemas, serializeSchema } from '../../load/documents/json-schemas';
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
  files[REFERENCE_FILE] = blockReference(templates.values());
  return { files, problems: templateProblems.map(formatProblem) };
}
