/**
 * Every package a deployed server loads is in package.json's `dependencies`, so `npm ci --omit=dev` installs it
 * (docs/editor-server.md, "A production install"). A server builds at run time: `npm start` rebuilds a stale dist/,
 * `npm run editor` makes its bundles, and the editor's Publish builds releases, all with Vite; so the build's
 * toolchain and every package the bundles take in (the editor app's included) are run-time packages.
 *
 * esbuild follows the imports of the production commands and of the entries Vite bundles, as written (type-only
 * imports are dropped), and lists the packages they reach. tests/build/production-install.test.ts runs the commands in
 * a pruned copy; this one names the package and the file that imports it, including paths that test does not take.
 */
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EDITOR_ENTRIES } from '../../scripts/build/editor-bundles';

const ROOT = join(import.meta.dirname, '..', '..');
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};

/** The commands a deployment runs (the others are a developer's: dev, generate, test, lint, bench:*, pg:dev). */
const PRODUCTION_SCRIPTS = ['build', 'start', 'validate', 'editor', 'editor:user', 'leads:export', 'leads:migrate', 'leads:deliveries'];
/** What those commands start or build besides the files they name. */
const INDIRECT_ENTRIES = [
  'scripts/build/publish.ts', // the editor's Publish runs it (src/editor/host/serve-published.ts)
  'server/start.ts', // `npm start` imports it
  'src/main.ts', // the site's browser bundle (scripts/build/bundles.ts)
  'src/render/entry-server.tsx', // its prerender bundle
  ...Object.values(EDITOR_ENTRIES), // the editor's bundles (scripts/build/editor-bundles.ts)
  'src/editor/server/render-draft.tsx',
];
/** Reached by the import graph but loaded only on a developer's path, with where. */
const DEVELOPER_ONLY: Record<string, string> = {
  prettier: 'import()ed only when the block registries are written: `npm run generate` and the dev server',
};

const commandEntries = PRODUCTION_SCRIPTS.flatMap((name) => {
  const script = packageJson.scripts[name];
  if (!script) throw new Error(`package.json has no script ${name}`);
  return [...script.matchAll(/run-bundled\.mjs (?:--script )?(\S+\.ts)/g)].map((match) => match[1]);
});

const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Each package the entries import, with one file that imports it. */
async function importedPackages(entries: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  await build({
    absWorkingDir: ROOT,
    entryPoints: entries,
    bundle: true,
    write: false,
    outdir: join(ROOT, 'node_modules', '.cache', 'run-time-dependencies'),
    platform: 'node',
    format: 'esm',
    logLevel: 'silent',
    // Stylesheets, fonts and images are Vite's to load; their packages are found by the imports that name them.
    loader: Object.fromEntries(['.css', '.svg', '.png', '.jpg', '.webp', '.woff2'].map((extension) => [extension, 'empty'])),
    plugins: [
      {
        name: 'record-packages',
        setup(builder) {
          // Not `#` names (the project's own, package.json "imports") and not Vite's virtual modules.
          builder.onResolve({ filter: /^[^./#]/ }, ({ path, importer }) => {
            if (!isBuiltin(path) && !path.startsWith('virtual:') && !found.has(packageOf(path)))
              found.set(packageOf(path), relative(ROOT, importer));
            return { path, external: true };
          });
        },
      },
    ],
  });
  return found;
}

describe('run-time packages', () => {
  it('every package the production commands and the bundles import is a dependency, not a devDependency', async () => {
    expect(commandEntries).toEqual(
      expect.arrayContaining(['scripts/tools/editor.ts', 'scripts/build/editor-bundles.ts', 'scripts/tools/start.ts']),
    );
    const found = await importedPackages([...new Set([...commandEntries, ...INDIRECT_ENTRIES, 'scripts/tools/run-bundled.mjs'])]);
    // The packages this test is about are seen at all (a broken walk would find nothing and pass).
    expect([...found.keys()]).toEqual(expect.arrayContaining(['vite', 'diff', 'fastify', 'react-router-dom', 'esbuild']));
    const missing = [...found]
      .filter(([name]) => !(name in packageJson.dependencies) && !(name in DEVELOPER_ONLY))
      .map(([name, importer]) => `${name} (imported by ${importer})`);
    expect(missing).toEqual([]);
  });
});
