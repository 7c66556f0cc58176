/** `npm run schemas`: writes schemas/*.json from the zod schemas. Never edit those files by hand. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateJsonSchemas, serializeSchema } from '../src/engine/json-schemas';

const outDir = join(import.meta.dirname, '..', 'schemas');
mkdirSync(outDir, { recursive: true });
for (const [name, schema] of Object.entries(generateJsonSchemas())) {
  writeFileSync(join(outDir, name), serializeSchema(schema));
  console.log(`wrote schemas/${name}`);
}
