/**
 * `npm run generate`: writes every generated file from the code and the templates. Never edit them by hand;
 * a test fails when a committed one drifts.
 * - src/blocks/generated/: the block registries, from the block folders (src/engine/tooling/codegen/block-registries.ts);
 * - schemas/*.json from the zod schemas, schemas/templates/*.json from pages-json/_templates/ (editors
 *   autocomplete documents through their "$schema"), and schemas/validators/ (each one's ajv validator; a validator
 *   no schema has any more is removed);
 * - docs/blocks.md, the reference of every block, template and collection.
 * `--check` writes nothing and exits 1 when a file is out of date; `--blocks` does the registries only.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT_DIR } from '../../src/engine/load/content-env';
import { generateBlockRegistries, incompleteBlocks } from '../../src/engine/tooling/codegen/block-registries';
import { GENERATED_VALIDATORS_DIR } from '../../src/engine/load/documents/validator-cache';

const check = process.argv.includes('--check');
const blocksOnly = process.argv.includes('--blocks');
const stale: string[] = [];

function write(files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    const file = join(ROOT_DIR, path);
    if (existsSync(file) && readFileSync(file, 'utf8') === text) continue;
    stale.push(path);
    if (check) continue;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    console.log(`wrote ${path}`);
  }
}

/** A file of a generated folder that is no longer generated (a validator of a schema since changed). */
function removeUnlisted(folder: string, files: Record<string, string>) {
  const present = existsSync(join(ROOT_DIR, folder)) ? readdirSync(join(ROOT_DIR, folder)) : [];
  for (const name of present.filter((file) => !(`${folder}/${file}` in files))) {
    stale.push(`${folder}/${name}`);
    if (check) continue;
    rmSync(join(ROOT_DIR, folder, name));
    console.log(`removed ${folder}/${name}`);
  }
}

const incomplete = incompleteBlocks();
if (incomplete.length) {
  incomplete.forEach((line) => console.error(line));
  process.exit(1);
}
write(await generateBlockRegistries());
if (!blocksOnly) {
  // Loaded after the registries are written, so they see every block folder.
  const { generatedFiles } = await import('../../src/engine/tooling/codegen/generated-files');
  const { files, problems } = generatedFiles();
  problems.forEach((line) => console.error(line));
  write(files);
  removeUnlisted(GENERATED_VALIDATORS_DIR, files);
  if (problems.length) process.exit(1);
}
if (check && stale.length) {
  console.error(`Out of date: ${stale.join(', ')}. Run npm run generate and commit the result.`);
  process.exit(1);
}
