// @ts-check
/**
 * Runs a TypeScript command as one JavaScript file: `node scripts/run-bundled.mjs scripts/validate.ts [args]`.
 * tsx takes about a second to start and load a command's few hundred modules through its loader; one file that esbuild
 * bundled loads in a tenth of that. The bundle is kept in node_modules/.cache/run-bundled/ with the size and time of
 * every file it was made from, and made again (about a second) when any of them changed. Plain JavaScript, because it
 * runs before anything could compile TypeScript.
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = join(import.meta.dirname, '..');
const CACHE = join(ROOT, 'node_modules', '.cache', 'run-bundled');
/** Changes when the way bundles are made changes, so older bundles are made again. */
const RECIPE = 1;

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-bundled.mjs <command.ts> [arguments]');
  process.exit(2);
}
const name = basename(entry).replace(/\.tsx?$/, '');
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
    // Packages' ES module builds first (jsonc-parser's CommonJS one requires its parts dynamically), and a `require`
    // for the CommonJS packages that remain (ajv).
    mainFields: ['module', 'main'],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    sourcemap: true,
    metafile: true,
    write: false,
    plugins: [sourceLocations],
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
