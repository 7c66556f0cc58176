/**
 * `npm run generate`: writes every generated file from the code and the templates. Never edit them by hand;
 * a test fails when a committed one drifts.
 * - src/blocks/generated/: the block registries, from the block folders (src/engine/tooling/codegen/block-registries.ts);
 * - schemas/*.json from the zod schemas, schemas/templates/*.json from pages-json/_templates/ (editors
 *   autocomplete documents through their "$schema");
 * - docs/blocks.md, the reference of every block, template and collection.
 * `--check` writes nothing and exits 1 when a file is out of date; `--blocks` does the registries only.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT_DIR } from '../../src/engine/load/content-env';
import { generateBlockRegistries, incompleteBlocks } from '../../src/engine/tooling/codegen/block-registries';

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
  if (problems.length) process.exit(1);
}
if (check && stale.length) {
  console.error(`Out of date: ${stale.join(', ')}. Run npm run generate and commit the result.`);
  process.exit(1);
}
