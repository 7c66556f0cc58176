/**
 * Writes the block registries in src/blocks/generated/ from the block folders: a block is a folder
 * `src/blocks/<Type>/` with schema.ts, block.ts (its definition), <Type>.tsx and example.json. Adding a
 * folder is adding a block; `npm run generate` (and `npm run dev`, as folders change) rewrite these
 * files, and a test fails when the committed ones drift. Build time only.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BlockDefinition } from '../../../blocks/define-block';
import { ROOT_DIR } from '../../load/content-env';

const BLOCKS_DIR = join(ROOT_DIR, 'src', 'blocks');
const GENERATED_DIR = 'src/blocks/generated';
/** The registry validation loads: every block's schema and definition. */
export const GENERATED_BLOCKS_FILE = `${GENERATED_DIR}/blocks.ts`;

/** What a block folder must hold, besides its own helpers and styles. */
export const blockFiles = (type: string) => ['schema.ts', 'block.ts', `${type}.tsx`, 'example.json'];

const HEADER = (what: string) =>
  `/**\n * ${what}\n * Generated from the folders in src/blocks/ by \`npm run generate\` (\`npm run dev\` keeps it current); do not edit.\n */`;

/** The block folders: every folder of src/blocks with a schema.ts. */
export function blockFolders(blocksDir = BLOCKS_DIR): string[] {
  return readdirSync(blocksDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(blocksDir, entry.name, 'schema.ts')))
    .map((entry) => entry.name)
    .sort();
}

/** Folders that lack one of a block's files, worded for the person adding the block. */
export function incompleteBlocks(blocksDir = BLOCKS_DIR): string[] {
  return blockFolders(blocksDir).flatMap((type) =>
    blockFiles(type)
      .filter((file) => !existsSync(join(blocksDir, type, file)))
      .map((file) => `src/blocks/${type}/${file} is missing: a block folder holds ${blockFiles(type).join(', ')}`),
  );
}

function schemasModule(types: string[]): string {
  return [
    HEADER('Every block: its schema (zod) and its definition. Plain Node: validation loads it; no component here.'),
    "import type { z } from 'zod';",
    "import type { CollectionName } from '../../engine/model/collections';",
    "import type { BlockProblem, CheckContext } from '../define-block';",
    ...types.flatMap((type) => [
      `import ${type}Definition from '../${type}/block';`,
      `import { schema as ${type}Schema } from '../${type}/schema';`,
    ]),
    '',
    '/** Every block schema, alphabetically: the page schema is their discriminated union on `type`. */',
    `export const blockSchemas = [${types.map((type) => `${type}Schema`).join(', ')}] as const;`,
    '',
    '/** Every block definition (label, description, icon, category, hydration, data, checks, collections shown), by type. */',
    'export const blockDefinitions = {',
    ...types.map((type) => `  ${type}: ${type}Definition,`),
    '};',
    '',
    '/** A block as a page states it. */',
    'export type AnyBlock = z.infer<(typeof blockSchemas)[number]>;',
    '',
    "/** What `npm run validate` finds wrong with a block across the site (its definition's check). */",
    'export function blockProblems(block: AnyBlock, context: CheckContext): BlockProblem[] {',
    '  switch (block.type) {',
    ...types.flatMap((type) => [`    case '${type}':`, `      return blockDefinitions.${type}.check(block, context);`]),
    '  }',
    '}',
    '',
    "/** The collections a block shows (its definition's `collections`): a page with it shows them. */",
    'export function collectionsShownBy(block: AnyBlock): readonly CollectionName[] {',
    '  switch (block.type) {',
    ...types.flatMap((type) => [`    case '${type}':`, `      return blockDefinitions.${type}.collections(block);`]),
    '  }',
    '}',
    '',
  ].join('\n');
}

function componentsModule(types: string[]): string {
  return [
    HEADER('Every block as the renderer draws it: its component, its definition and its props, with their types (no casts).'),
    "import type { AnyBlock } from './blocks';",
    "import type { RenderContext } from '../../engine/model/render-context';",
    ...types.map((type) => `import { ${type} } from '../${type}/${type}';`),
    "import { renderable, type Renderable, type Resolve } from '../renderable';",
    "import { blockDefinitions as definitions } from './blocks';",
    '',
    '/** The block ready to render: its component, its props (fields, data, links and placeholders resolved) and its hydration. */',
    'export function blockRenderable(block: AnyBlock, context: RenderContext, resolve: Resolve): Renderable {',
    '  switch (block.type) {',
    ...types.flatMap((type) => [`    case '${type}':`, `      return renderable(${type}, definitions.${type}, block, context, resolve);`]),
    '  }',
    '}',
    '',
  ].join('\n');
}

function islandsModule(islands: string[]): string {
  return [
    HEADER("The code of every block that hydrates (its definition's `hydrate` is not 'none'), loaded by the browser when a page asks."),
    "import type { IslandLoaders } from '../../hydration/runtime';",
    '',
    'export const blockIslandLoaders = {',
    ...islands.map((type) => `  ${type}: () => import('../${type}/${type}').then((m) => m.${type}),`),
    '} satisfies IslandLoaders;',
    '',
  ].join('\n');
}

/** The generated registries' files (path from the repository root -> content). */
export async function generateBlockRegistries(blocksDir = BLOCKS_DIR): Promise<Record<string, string>> {
  const types = blockFolders(blocksDir);
  const definitions = await Promise.all(
    types.map(async (type) => {
      const module = (await import(pathToFileURL(join(blocksDir, type, 'block.ts')).href)) as { default: BlockDefinition<never, object> };
      return [type, module.default] as const;
    }),
  );
  const islands = definitions.filter(([, definition]) => definition.hydrate !== 'none').map(([type]) => type);
  const files = {
    [GENERATED_BLOCKS_FILE]: schemasModule(types),
    [`${GENERATED_DIR}/components.tsx`]: componentsModule(types),
    [`${GENERATED_DIR}/islands.ts`]: islandsModule(islands),
  };
  // Formatted as the project formats code, so `npm run lint` passes them as written. Prettier is loaded only here:
  // `npm run validate` imports this module for its cheap folder checks, and loading prettier is a tenth of its time.
  const { format, resolveConfig } = await import('prettier');
  const formatted = await Promise.all(
    Object.entries(files).map(async ([path, text]) => {
      const filepath = join(ROOT_DIR, path);
      return [path, await format(text, { ...(await resolveConfig(filepath)), filepath })] as const;
    }),
  );
  return Object.fromEntries(formatted);
}

/** Block folders the generated registry does not list yet (a cheap check, before anything is loaded). */
export function unregisteredBlocks(generatedSchemasText: string, blocksDir = BLOCKS_DIR): string[] {
  return blockFolders(blocksDir).filter((type) => !generatedSchemasText.includes(`from '../${type}/schema'`));
}
