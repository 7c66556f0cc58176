// @ts-check
/**
 * Runs a TypeScript command as one JavaScript file: `node scripts/run-bundled.mjs scripts/validate.ts [args]`.
 * tsx takes about a second to start and load a command's modules through its loader; the command's own code bundled
 * by esbuild into one file loads in a fraction of that, and its packages load from node_modules as Node loads them.
 * The bundle is kept in node_modules/.cache/run-bundled/ with the size and time of every file it was made from, and
 * made again (a few tenths of a second) when any of them changed. Plain JavaScript, because it runs before anything
 * could compile TypeScript.
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(import.meta.dirname, '..');
const CACHE = join(ROOT, 'node_modules', '.cache', 'run-bundled');
/** Changes when the way bundles are made changes, so older bundles are made again. */
const RECIPE = 1;

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-bundled.mjs <command.ts> [arguments]');
  process.exit(2);
}
/** Named by the command's whole path (scripts/start.ts and server/start.ts are two commands): `scripts--start`. */
const name = relative(ROOT, resolve(ROOT, entry))
  .replace(/\.tsx?$/, '')
  .replace(/[\\/:]/g, '--');
const bundle = join(CACHE, `${name}.mjs`);
const stampsFile = join(CACHE, `${name}.inputs.json`);

/** @param {string} file */
const stampOf = (file) => {
  try {
    const { size, mtimeMs } = statSync(join(ROOT, file));
    return `${size}:${mtimeMs}`;
  } catch {
    return 'missing';
  }
};

/** True when the bundle was made by this recipe from the files as they are now. */
function isFresh() {
  try {
    const { recipe, inputs } = JSON.parse(readFileSync(stampsFile, 'utf8'));
    return recipe === RECIPE && Object.entries(inputs).every(([file, stamp]) => stampOf(file) === stamp);
  } catch {
    return false;
  }
}

/**
 * A bundled file no longer sits where its source did: `import.meta.dirname` and `import.meta.url` are written in as
 * the source file's own (src/engine/content-env.ts finds the project from them).
 * @type {import('esbuild').Plugin}
 */
const sourceLocations = {
  name: 'source-locations',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      return {
        contents: text
          .replaceAll('import.meta.dirname', JSON.stringify(dirname(path)))
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)),
        loader: path.endsWith('.tsx') ? 'tsx' : 'ts',
      };
    });
  },
};

/**
 * A package is loaded by Node from node_modules (native addons, worker files and one copy of each package stay as
 * they are), under the name Node can load: TypeScript's `ajv/dist/2020` is Node's `ajv/dist/2020.js`, and its
 * `ajv/dist/standalone` Node's `ajv/dist/standalone/index.js`.
 * @type {import('esbuild').Plugin}
 */
const packagesFromNodeModules = {
  name: 'packages-from-node-modules',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) => {
      if (isBuiltin(path)) return { path, external: true };
      for (const name of [path, `${path}.js`, `${path}/index.js`]) {
        try {
          if (statSync(fileURLToPath(import.meta.resolve(name))).isFile()) return { path: name, external: true };
        } catch {
          // Not a name Node resolves: try the next, else esbuild bundles it.
        }
      }
      return undefined;
    });
  },
};

async function make() {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    metafile: true,
    write: false,
    plugins: [packagesFromNodeModules, sourceLocations],
    logLevel: 'warning',
  });
  const inputs = Object.fromEntries(Object.keys(result.metafile.inputs).map((file) => [file, stampOf(file)]));
  // Each file written aside and renamed, the stamps last: a command started meanwhile never reads half a bundle.
  for (const { path, contents } of result.outputFiles) writeAside(path, contents);
  writeAside(stampsFile, JSON.stringify({ recipe: RECIPE, inputs }));
}

/** @param {string} file @param {string | Uint8Array} contents */
function writeAside(file, contents) {
  writeFileSync(`${file}.${process.pid}`, contents);
  renameSync(`${file}.${process.pid}`, file);
}

mkdirSync(CACHE, { recursive: true });
if (!isFresh()) await make();
// The command reads its own arguments from process.argv, as it would under tsx; stack traces point into the sources.
process.argv = [process.argv[0], resolve(ROOT, entry), ...args];
process.setSourceMapsEnabled(true);
await import(pathToFileURL(bundle).href);
