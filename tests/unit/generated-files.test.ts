/** Every generated file matches a fresh generation from the code and the templates (npm run generate writes them). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockSchemas } from '../../src/blocks/generated/blocks';
import { generateBlockRegistries } from '../../src/engine/tooling/codegen/block-registries';
import { generatedFiles } from '../../src/engine/tooling/codegen/generated-files';
import { COLLECTION_NAMES } from '../../src/engine/model/collections';
import { ROOT_DIR } from '../../src/engine/load/content-env';
import { GENERATED_VALIDATORS_DIR } from '../../src/engine/load/documents/validator-cache';
import { REFERENCE_FILE } from '../../src/engine/tooling/reference/block-reference';
import { ICON_NAMES } from '../../src/vocabulary/icon-names';

const committed = (path: string) => readFileSync(join(ROOT_DIR, path), 'utf8');
const { files, problems } = generatedFiles();

describe('generated files', () => {
  it('come from templates without problems', () => {
    expect(problems).toEqual([]);
  });

  it.each(Object.keys(files))('%s matches a fresh generation (run npm run generate)', (path) => {
    expect(committed(path)).toBe(files[path]);
  });

  it(`${GENERATED_VALIDATORS_DIR}/ holds the validators of the current schemas only (run npm run generate)`, () => {
    const committedValidators = readdirSync(join(ROOT_DIR, GENERATED_VALIDATORS_DIR)).map((file) => `${GENERATED_VALIDATORS_DIR}/${file}`);
    expect(committedValidators.sort()).toEqual(
      Object.keys(files)
        .filter((path) => path.startsWith(`${GENERATED_VALIDATORS_DIR}/`))
        .sort(),
    );
  });

  it('the block registries in src/blocks/generated/ match the block folders (run npm run generate)', async () => {
    for (const [path, text] of Object.entries(await generateBlockRegistries())) expect(committed(path), path).toBe(text);
  });
});

describe('the block reference', () => {
  it('lists every registered block, template and collection', () => {
    const reference = committed(REFERENCE_FILE);
    for (const schema of blockSchemas) expect(reference).toContain(`#### ${schema.shape.type.value}\n`);
    for (const name of ['use-case', 'comparison', ...COLLECTION_NAMES]) expect(reference).toContain(`### ${name}\n`);
    for (const name of ICON_NAMES) expect(reference).toContain(`\`${name}\``);
    expect(reference).not.toMatch(/matches `/); // limits in words, not regular expressions
  });
});
