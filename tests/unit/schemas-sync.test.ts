import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateJsonSchemas, serializeSchema } from '../../src/engine/json-schemas';

describe('generated JSON Schemas', () => {
  it.each(Object.entries(generateJsonSchemas()))('schemas/%s matches a fresh generation from zod (run npm run schemas)', (name, schema) => {
    const committed = readFileSync(join(import.meta.dirname, '..', '..', 'schemas', name), 'utf8');
    expect(committed).toBe(serializeSchema(schema));
  });
});
