/**
 * `npm run schemas`: writes schemas/*.json from the zod schemas, schemas/templates/*.json from
 * the template documents in pages-json/_templates/ (editors autocomplete pages on a template with
 * them), and the reference docs/blocks.md. Never edit those files by hand.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CONTENT_DIR, ROOT_DIR, SCHEMAS_DIR } from '../src/engine/content-env';
import { formatProblem } from '../src/engine/problems';
import { generateJsonSchemas, generateTemplatePageSchemas, serializeSchema } from '../src/engine/json-schemas';
import { blockReference, REFERENCE_FILE } from '../src/engine/reference/block-reference';
import { loadContent } from '../src/engine/validate';

function write(files: Record<string, object>) {
  for (const [name, schema] of Object.entries(files)) {
    mkdirSync(dirname(join(SCHEMAS_DIR, name)), { recursive: true });
    writeFileSync(join(SCHEMAS_DIR, name), serializeSchema(schema));
    console.log(`wrote schemas/${name}`);
  }
}

write(generateJsonSchemas());
// Template page schemas come from the templates, which are validated against the schemas just written.
const { templates, problems } = loadContent(CONTENT_DIR, SCHEMAS_DIR);
const templateProblems = problems.filter((problem) => problem.file.includes('/_templates/'));
templateProblems.forEach((problem) => console.error(formatProblem(problem)));
write(generateTemplatePageSchemas(templates.values()));
writeFileSync(join(ROOT_DIR, REFERENCE_FILE), blockReference(templates.values()));
console.log(`wrote ${REFERENCE_FILE}`);
if (templateProblems.some((problem) => problem.severity === 'error')) process.exit(1);
