import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockSchemas } from '../../src/blocks/schemas';
import { COLLECTION_NAMES } from '../../src/engine/collections';
import { CONTENT_DIR, ROOT_DIR, SCHEMAS_DIR } from '../../src/engine/content-env';
import { generateJsonSchemas, serializeSchema } from '../../src/engine/json-schemas';
import { blockReference, REFERENCE_FILE } from '../../src/engine/reference/block-reference';
import { loadContent } from '../../src/engine/validate';

describe('generated JSON Schemas', () => {
  it.each(Object.entries(generateJsonSchemas()))('schemas/%s matches a fresh generation from zod (run npm run schemas)', (name, schema) => {
    const committed = readFileSync(join(import.meta.dirname, '..', '..', 'schemas', name), 'utf8');
    expect(committed).toBe(serializeSchema(schema));
  });
});

describe('the block reference', () => {
  it('docs/blocks.md matches a fresh generation (run npm run schemas)', () => {
    const { templates } = loadContent(CONTENT_DIR, SCHEMAS_DIR);
    const committed = readFileSync(join(ROOT_DIR, REFERENCE_FILE), 'utf8');
    expect(committed).toBe(blockReference(templates.values()));
  });

  it('lists every registered block, template and collection', () => {
    const committed = readFileSync(join(ROOT_DIR, REFERENCE_FILE), 'utf8');
    for (const schema of blockSchemas) expect(committed).toContain(`#### ${schema.shape.type.value}\n`);
    for (const name of ['use-case', 'comparison', ...COLLECTION_NAMES]) expect(committed).toContain(`### ${name}\n`);
  });
});
